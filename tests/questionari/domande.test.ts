import { describe, expect, it } from 'vitest'
import { decodeSection } from '../../src/lib/survey-sections'
import { sezioneDelTemplate, templateDiIstanza, titoloSezione } from '../../src/features/questionari/domande'
import { righeSezione } from '../../src/features/questionari/lettura'
import { motivoSolaLettura, stepIniziale, stepPrecedente, stepSuccessivo } from '../../src/features/questionari/compila'
import { Q1, Q2, Q3, Q4_SECTION, TEMPLATE } from './fixtures'

// the rules of the questions inside a section are the shared model's: tests/unit/survey-questions.test.ts
describe('template sections', () => {
  it('finds sections by id and titles them from the template, else the contract', () => {
    expect(sezioneDelTemplate(TEMPLATE, 'Q4')).toBe(Q4_SECTION)
    expect(titoloSezione(sezioneDelTemplate(TEMPLATE, 'Q1'), 'Q1')).toBe('Informazioni anagrafiche (modello)')
    expect(titoloSezione(null, 'Q2')).toBe('Informazioni sulla prenotazione')
  })

  it('finds the template of an instance among the snapshots, then the ATTIVO one', () => {
    expect(templateDiIstanza({ template: null, templateSnapshot: [TEMPLATE] }, 'tpl-1')).toBe(TEMPLATE)
    expect(templateDiIstanza({ template: TEMPLATE, templateSnapshot: [] }, 'tpl-1')).toBe(TEMPLATE)
    expect(templateDiIstanza({ template: TEMPLATE, templateSnapshot: [] }, 'altro')).toBeNull()
  })
})

describe('read-only rows', () => {
  it('labels answers from the template, hides hidden fields, maps level-2 codes and appends unknown ids', () => {
    const q1 = decodeSection(Q1)
    const rows = righeSezione(sezioneDelTemplate(TEMPLATE, 'Q1'), { ...q1, answers: { ...q1.answers, '2': ['true'], '99': ['x'] } })
    expect(rows).toEqual([
      { id: '1', titolo: 'Codice fiscale', valori: ['Codice fiscale disponibile ma non visualizzabile'] },
      { id: '5', titolo: 'Genere', valori: ['F'] },
      { id: '6', titolo: 'Fascia di età', valori: ['30-54'] },
      { id: '99', titolo: 'Domanda 99', valori: ['x'] },
    ])
    const q3 = righeSezione(sezioneDelTemplate(TEMPLATE, 'Q3'), decodeSection(Q3))
    expect(q3.find((r) => r.id === '26')?.valori).toEqual(['Navigare in rete'])
    // issue 8: Q3's date reads DD-MM-YYYY; question 26 is not labelled with its technical title
    expect(q3.find((r) => r.id === '22')?.valori).toEqual(['12-03-2026'])
    expect(q3.find((r) => r.id === '26')?.titolo).toBe('Competenze specifiche trattate')
    const q4 = righeSezione(Q4_SECTION, { id: '', title: '', answers: { '1663320201383': ['4'], '40': ['true'] } })
    expect(q4.find((r) => r.id === '1663320201383')?.valori).toEqual(['4 su 5'])
    expect(q4.find((r) => r.id === '40')?.valori).toEqual(['Sì'])
  })
})

describe('compile wizard rules', () => {
  it('opens at step 4 when Q1–Q3 are filled, else at step 1, and clamps navigation', () => {
    expect(stepIniziale(decodeSection(Q1), decodeSection(Q2), decodeSection(Q3))).toBe(3)
    expect(stepIniziale(decodeSection(Q1), decodeSection('{}'), decodeSection(Q3))).toBe(0)
    expect(stepSuccessivo(3)).toBe(3)
    expect(stepPrecedente(0)).toBe(0)
    expect(stepSuccessivo(1)).toBe(2)
  })

  it('lets only facilitators and volunteers compile a survey not yet compiled', () => {
    expect(motivoSolaLettura('FAC', 'NON_COMPILATA')).toBeNull()
    expect(motivoSolaLettura('VOL', 'INVIATO')).toBeNull()
    expect(motivoSolaLettura('FAC', 'COMPILATA')).toBe('Il questionario è già stato compilato.')
    expect(motivoSolaLettura('REG', 'NON_COMPILATA')).toMatch(/solo dal facilitatore/)
  })
})
