/**
 * The rules of the sections a template adds after Q4 (src/lib/survey-extra-sections.ts; issue 24 point 4):
 * found after Q1–Q4 in template order, encoded from one answers map, read back, and checked as the server
 * checks them (choices among the options, one value for a single answer, the form rules, a missing
 * section counts as unanswered).
 */
import { describe, expect, it } from 'vitest'
import type { SezioneTemplateWire } from '../../src/api/contract/questionario'
import {
  controllaSezioniAggiuntive, decodeSezioniAggiuntive, domandeAggiuntive, encodeSezioniAggiuntive, risposteAggiuntiveIniziali, sezioniAggiuntive,
} from '../../src/lib/survey-extra-sections'
import { encodeSection } from '../../src/lib/survey-sections'
import { SEZIONE_AGGIUNTIVA, TEMPLATE } from '../questionari/fixtures'

const SECONDA: SezioneTemplateWire = {
  id: 'sezione-1800000000000',
  title: 'Dispositivi',
  schema: {
    type: 'object',
    properties: {
      '1800000000001': { id: '1800000000001', title: 'Quali usi?', type: 'object', order: 1, properties: { 'Telefono, smartphone': { type: 'boolean' }, Computer: { type: 'boolean' } } },
      '1800000000002': { id: '1800000000002', title: 'Quante ore al giorno?', type: 'number', order: 2 },
    },
    required: ['1800000000001'],
    default: [],
  },
  schemaui: {},
  'default-section': false,
}
const SEZIONI = [...TEMPLATE.sezioniQuestionarioTemplate, SEZIONE_AGGIUNTIVA, SECONDA]

describe('sections added after Q4', () => {
  it('are the template sections after Q1–Q4, in template order', () => {
    expect(sezioniAggiuntive(SEZIONI).map((s) => s.id)).toEqual([SEZIONE_AGGIUNTIVA.id, SECONDA.id])
    expect(sezioniAggiuntive(TEMPLATE.sezioniQuestionarioTemplate)).toEqual([])
    expect(sezioniAggiuntive(null)).toEqual([])
  })

  it('encode one answers map into one section string each, read back as the form held it', () => {
    const aggiuntive = domandeAggiuntive(SEZIONI)
    const answers = { '1700000000001': 'Mai', '1800000000001': ['Computer', 'Telefono, smartphone'], '1800000000002': '3', '29': ['Sportello'] }
    const encoded = encodeSezioniAggiuntive(aggiuntive, answers)
    expect(encoded).toHaveLength(2)
    const decoded = decodeSezioniAggiuntive(encoded)
    expect(decoded.get(SEZIONE_AGGIUNTIVA.id)).toMatchObject({ title: 'Abitudini digitali', answers: { '1700000000001': ['Mai'] } })
    // option order of the template; a comma inside an option survives
    expect({ ...decoded.get(SECONDA.id)!.answers }).toEqual({ '1800000000001': ['Telefono, smartphone', 'Computer'], '1800000000002': ['3'] })
    expect(risposteAggiuntiveIniziali(aggiuntive, encoded)).toEqual({
      '1700000000001': 'Mai', '1700000000002': '', '1800000000001': ['Telefono, smartphone', 'Computer'], '1800000000002': '3',
    })
    expect(controllaSezioniAggiuntive(SEZIONI, encoded)).toMatchObject({ ok: true })
  })

  it('are checked like the forms: options, single values, numbers, required; a missing section is unanswered', () => {
    const s = (sezione: SezioneTemplateWire, answers: Record<string, string | string[]>) => encodeSection({ id: sezione.id, title: sezione.title, answers })
    const prima = s(SEZIONE_AGGIUNTIVA, { '1700000000001': 'Ogni giorno' })
    const errore = (sent: string[]) => {
      const r = controllaSezioniAggiuntive(SEZIONI, sent)
      return r.ok ? null : r.errore
    }
    expect(errore([prima])).toBe('Sezione «Dispositivi», domanda «Quali usi?»: Seleziona almeno una risposta.')
    expect(errore([prima, s(SECONDA, { '1800000000001': ['Tablet'] })])).toContain('la risposta non è tra quelle previste')
    expect(errore([s(SEZIONE_AGGIUNTIVA, { '1700000000001': ['Mai', 'Ogni giorno'] }), s(SECONDA, { '1800000000001': ['Computer'] })])).toContain('la risposta non è tra quelle previste')
    expect(errore([prima, s(SECONDA, { '1800000000001': ['Computer'], '1800000000002': 'tre' })])).toBe('Sezione «Dispositivi», domanda «Quante ore al giorno?»: Inserisci un numero.')
    expect(errore([prima, s(SECONDA, { '1800000000001': ['Computer'], '1800000000002': ['1', '2'] })])).toContain('è prevista una sola risposta')
    const ok = controllaSezioniAggiuntive(SEZIONI, [s(SECONDA, { '1800000000001': ['Computer'] }), prima])
    expect(ok.ok && ok.sezioni.map((x) => x.id)).toEqual([SEZIONE_AGGIUNTIVA.id, SECONDA.id])
    // a template without added sections takes none
    expect(controllaSezioniAggiuntive(TEMPLATE.sezioniQuestionarioTemplate, [])).toEqual({ ok: true, sezioni: [] })
    expect(controllaSezioniAggiuntive(TEMPLATE.sezioniQuestionarioTemplate, [prima])).toMatchObject({ ok: false })
  })
})
