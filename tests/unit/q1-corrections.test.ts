/**
 * Corrections of the citizen's data in step Q1 of the compilation (issue 8 point 5): which Q1 questions of
 * the seed template are correctable, the recorded values matched to the options, only changed values
 * sent, in the enumerations' spelling, with Italian messages for a value out of the list or erased.
 */
import { describe, expect, it } from 'vitest'
import { Q1_SECTION } from '../../server/seed/questionnaire/q1-citizen'
import type { SezioneTemplateWire } from '../../src/api/contract/questionario'
import {
  applicaCorrezioni, correzioniDaQ1, domandeCorreggibili, erroreCorrezioni, MESSAGGI_CORREZIONE, valoriIniziali,
} from '../../src/lib/q1-corrections'
import { questionsOf } from '../../src/lib/survey-questions'

const q1 = questionsOf(Q1_SECTION as SezioneTemplateWire, 'compact')
/** Q1 as recorded for a citizen identified by a document (decoded: straight apostrophes became ’). */
const RECORDED = {
  '1': ['Codice fiscale non presente'], '2': ['true'], '3': ['Passaporto'], '5': ['Preferisco non rispondere'], '6': ['30-54'],
  '7': ['Laurea (3 anni)'], '8': ['Imprenditore'], '9': ['L’Aquila'], '10': ['Italiana'],
}

describe('correctable questions of Q1', () => {
  it('are the demographics (5–10) for a citizen with a document, without gender and age band for one with a fiscal code', () => {
    expect(domandeCorreggibili(q1, false).map((d) => [d.domanda.id, d.campo])).toEqual([
      ['5', 'genereDaAggiornare'], ['6', 'fasciaDiEtaIdDaAggiornare'], ['7', 'titoloDiStudioDaAggiornare'],
      ['8', 'occupazioneDaAggiornare'], ['9', 'provinciaDiDomicilioDaAggiornare'], ['10', 'cittadinanzaDaAggiornare'],
    ])
    expect(domandeCorreggibili(q1, true).map((d) => d.domanda.id)).toEqual(['7', '8', '9', '10'])
    // never required: an empty value that was empty stays empty
    expect(domandeCorreggibili(q1, false).every((d) => !d.domanda.required)).toBe(true)
  })

  it("start from the recorded values, matched to the options ('L’Aquila' is the option \"L'Aquila\")", () => {
    const domande = domandeCorreggibili(q1, false)
    expect(valoriIniziali(domande, RECORDED)).toEqual({
      '5': 'Preferisco non rispondere', '6': '30-54', '7': 'Laurea (3 anni)', '8': 'Imprenditore', '9': "L'Aquila", '10': 'Italiana',
    })
    expect(valoriIniziali(domande, {})['7']).toBe('')
  })
})

describe('corrections from the form', () => {
  const domande = domandeCorreggibili(q1, false)
  const iniziali = valoriIniziali(domande, RECORDED)

  it('send only the changed values, in the enumerations’ spelling, the age band as its id', () => {
    expect(correzioniDaQ1(domande, iniziali, iniziali)).toEqual({ correzioni: {}, errori: {} })
    const { correzioni, errori } = correzioniDaQ1(domande, iniziali, {
      ...iniziali, '5': 'F', '6': '55-74', '7': ' Dottorato, Master di II livello o titoli equiparati ', '9': 'Forlì-Cesena',
      '10': "Straniera, di un Paese ALL'INTERNO dell'Unione Europea",
    })
    expect(errori).toEqual({})
    expect(correzioni).toEqual({
      genereDaAggiornare: 'F', fasciaDiEtaIdDaAggiornare: 3, titoloDiStudioDaAggiornare: 'Dottorato, Master di II livello o titoli equiparati',
      provinciaDiDomicilioDaAggiornare: 'Forlì-Cesena', cittadinanzaDaAggiornare: 'Straniera, di un Paese ALL’INTERNO dell’Unione Europea',
    })
  })

  it('refuse a value out of its list and the erasure of a recorded value, with Italian messages', () => {
    const { correzioni, errori } = correzioniDaQ1(domande, iniziali, { ...iniziali, '8': 'Astronauta', '9': '', '10': 'Italiana' })
    expect(correzioni).toEqual({})
    expect(errori).toEqual({ '8': MESSAGGI_CORREZIONE.fuoriElenco, '9': MESSAGGI_CORREZIONE.nonCancellabile })
    expect(errori['8']).toBe('Valore non ammesso: scegli una delle voci dell’elenco.')
  })

  it('a value missing at the addition may be given, or left empty', () => {
    const vuoti = valoriIniziali(domande, { '1': ['Codice fiscale non presente'] })
    expect(correzioniDaQ1(domande, vuoti, vuoti)).toEqual({ correzioni: {}, errori: {} })
    expect(correzioniDaQ1(domande, vuoti, { ...vuoti, '8': 'Casalinga/o' }).correzioni).toEqual({ occupazioneDaAggiornare: 'Casalinga/o' })
  })
})

describe("the write's own check and the corrected Q1", () => {
  it('refuses gender and age band of a citizen with a fiscal code, and values out of the lists', () => {
    expect(erroreCorrezioni({ genereDaAggiornare: 'F' }, true)).toBe(MESSAGGI_CORREZIONE.dalCodiceFiscale)
    expect(erroreCorrezioni({ fasciaDiEtaIdDaAggiornare: 2 }, true)).toBe(MESSAGGI_CORREZIONE.dalCodiceFiscale)
    expect(erroreCorrezioni({ genereDaAggiornare: 'F', fasciaDiEtaIdDaAggiornare: 2 }, false)).toBeNull()
    expect(erroreCorrezioni({ fasciaDiEtaIdDaAggiornare: 9 }, false)).toBe(MESSAGGI_CORREZIONE.fuoriElenco)
    expect(erroreCorrezioni({ occupazioneDaAggiornare: 'Astronauta' as never }, true)).toBe(MESSAGGI_CORREZIONE.fuoriElenco)
    expect(erroreCorrezioni({ provinciaDiDomicilioDaAggiornare: 'X' }, true)).toBe(MESSAGGI_CORREZIONE.fuoriElenco)
    expect(erroreCorrezioni({ provinciaDiDomicilioDaAggiornare: 'Rieti', titoloDiStudioDaAggiornare: 'Laurea (3 anni)' }, true)).toBeNull()
  })

  it('rewrites the answers of the locked Q1', () => {
    expect(applicaCorrezioni(RECORDED, { fasciaDiEtaIdDaAggiornare: 3, provinciaDiDomicilioDaAggiornare: 'Rieti' })).toEqual({ ...RECORDED, '6': ['55-74'], '9': ['Rieti'] })
  })
})
