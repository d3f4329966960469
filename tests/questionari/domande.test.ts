import { describe, expect, it } from 'vitest'
import { decodeSection, encodeSection } from '../../src/lib/survey-sections'
import {
  domandeOrdinate, erroreDomanda, isVisibile, risposteIniziali, sezioneDaRisposte, sezioneDelTemplate, stesseRisposte, templateDiIstanza,
  tipoCampo, validaRisposte, type Domanda,
} from '../../src/features/questionari/domande'
import { righeSezione } from '../../src/features/questionari/lettura'
import { motivoSolaLettura, stepIniziale, stepPrecedente, stepSuccessivo } from '../../src/features/questionari/compila'
import { Q1, Q2, Q3, Q4_SECTION, TEMPLATE } from './fixtures'

const byId = (id: string) => domandeOrdinate(Q4_SECTION).find((d) => d.id === id) as Domanda

describe('template questions', () => {
  it('finds sections by id and orders questions, dropping the fields hidden from survey forms', () => {
    const q1 = sezioneDelTemplate(TEMPLATE, 'Q1')
    expect(domandeOrdinate(q1).map((d) => d.id)).toEqual(['1', '5', '6'])
    expect(domandeOrdinate(Q4_SECTION).map((d) => d.id)).toEqual(['29', '31', '40', '41', '42', '32', '1663320201383'])
  })

  it('draws checkbox, radio, select, flag, text, textarea and rating', () => {
    expect(tipoCampo(byId('29'))).toBe('checkbox')
    expect(tipoCampo(byId('31'))).toBe('radio')
    expect(tipoCampo({ ...byId('31'), enum: ['a', 'b', 'c', 'd', 'e', 'f'] })).toBe('select')
    expect(tipoCampo(byId('40'))).toBe('flag')
    expect(tipoCampo(byId('41'))).toBe('text')
    expect(tipoCampo(byId('32'))).toBe('textarea')
    expect(tipoCampo(byId('1663320201383'))).toBe('rating')
    expect(tipoCampo({ ...byId('32'), id: '1663320201383', type: 'string' })).toBe('rating')
  })

  it('applies dependencyFlag and dependencyNotFlag', () => {
    expect(isVisibile(byId('41'), { '40': false })).toBe(false)
    expect(isVisibile(byId('42'), { '40': false })).toBe(true)
    expect(isVisibile(byId('41'), { '40': true })).toBe(true)
    expect(isVisibile(byId('42'), { '40': true })).toBe(false)
  })

  it('requires visible required questions only and checks maxLength and rating bounds', () => {
    const empty = risposteIniziali(Q4_SECTION)
    expect(validaRisposte(Q4_SECTION, empty)).toEqual({
      '29': 'Seleziona almeno una risposta',
      '31': 'Seleziona una risposta',
      '1663320201383': 'Seleziona una risposta',
    })
    const withFlag = { ...empty, '40': true }
    expect(validaRisposte(Q4_SECTION, withFlag)['41']).toBe('Campo obbligatorio')
    expect(erroreDomanda(byId('41'), Q4_SECTION, { '40': true, '41': 'x'.repeat(21) })).toBe('Il limite massimo di caratteri è di 20')
    expect(erroreDomanda(byId('1663320201383'), Q4_SECTION, { '1663320201383': '6' })).toBe('Scegli un valore da 1 a 5')
    expect(erroreDomanda(byId('1663320201383'), Q4_SECTION, { '1663320201383': '4' })).toBeNull()
  })

  it('turns the Q4 form into the contract section: visible answers only, option order, commas encoded', () => {
    const risposte = {
      ...risposteIniziali(Q4_SECTION),
      '29': ['Sito internet', 'Sportello'],
      '31': 'Sì, per facilitazione',
      '40': false,
      '41': 'nascosta',
      '42': '  non serve  ',
      '1663320201383': '4',
    }
    const section = sezioneDaRisposte('Q4', Q4_SECTION, risposte)
    expect(section).toEqual({
      id: 'content-service-section',
      title: 'Informazioni sull’esperienza',
      answers: { '29': ['Sportello', 'Sito internet'], '31': 'Sì, per facilitazione', '42': 'non serve', '1663320201383': '4' },
    })
    const text = encodeSection(section)
    expect(text).toBe(
      `{"id":"content-service-section","title":"Informazioni sull’esperienza","properties":[{'29':['Sportello','Sito internet']},{'31':['Sì§ per facilitazione']},{'42':['non serve']},{'1663320201383':['4']}]}`,
    )
    expect(decodeSection(text).answers['31']).toEqual(['Sì, per facilitazione'])
  })

  it('fills a form from decoded answers and tells when it changed', () => {
    const decoded = decodeSection(encodeSection({ id: 'content-service-section', title: '', answers: { '29': ['Telefono'], '40': true, '32': 'SPID' } }))
    const init = risposteIniziali(Q4_SECTION, decoded)
    expect(init['29']).toEqual(['Telefono'])
    expect(init['40']).toBe(true)
    expect(init['32']).toBe('SPID')
    expect(stesseRisposte(init, { ...init })).toBe(true)
    expect(stesseRisposte(init, { ...init, '29': ['Telefono', 'Sportello'] })).toBe(false)
    expect(stesseRisposte(risposteIniziali(Q4_SECTION), { ...risposteIniziali(Q4_SECTION), '32': '' })).toBe(true)
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
