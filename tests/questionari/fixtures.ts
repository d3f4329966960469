/** A template like the seeded default (Q1–Q4) plus two dependent questions, for the survey screen tests. */
import type { QuestionarioTemplate, SezioneTemplateWire } from '../../src/api/contract/questionario'
import { SEZIONI_QUESTIONARIO } from '../../src/api/contract/enums'
import { encodeSection } from '../../src/lib/survey-sections'

type D = SezioneTemplateWire['schema']['properties'][string]
const sec = (key: keyof typeof SEZIONI_QUESTIONARIO, qs: D[], required: string[], title?: string): SezioneTemplateWire => ({
  id: SEZIONI_QUESTIONARIO[key].id,
  title: title ?? SEZIONI_QUESTIONARIO[key].titolo,
  schema: { type: 'object', properties: Object.fromEntries(qs.map((q) => [q.id, q])), required, default: [] },
  schemaui: {},
  'default-section': key === 'Q1' || key === 'Q2',
})
const checkbox = (id: string, title: string, values: string[], order: number, extra: Partial<D> = {}): D => ({
  id, title, type: 'object', order, properties: Object.fromEntries(values.map((v) => [v, { type: 'boolean' as const }])), ...extra,
})

export const Q4_SECTION = sec('Q4', [
  checkbox('29', 'Come sei venuto a conoscenza del servizio che hai prenotato?', ['Sportello', 'Telefono', 'Sito internet'], 1),
  { id: '31', title: 'Hai intenzione di ripetere l’esperienza?', type: 'string', order: 2, enum: ['Sì, per facilitazione', 'Non saprei'] },
  { id: '40', title: 'Hai bisogno di altro supporto?', type: 'boolean', order: 3, flag: true },
  { id: '41', title: 'Quale supporto?', type: 'string', order: 4, dependencyFlag: '40', maxLength: 20 },
  { id: '42', title: 'Perché no?', type: 'string', order: 5, dependencyNotFlag: '40' },
  { id: '32', title: 'In quale ambito sei interessato?', type: 'string', order: 6, maxLength: 600 },
  { id: '1663320201383', title: 'Quanto sei soddisfatto del servizio ricevuto?', type: 'range', order: 7, minimum: 1, maximum: 5 },
], ['29', '31', '41', '1663320201383'])

export const TEMPLATE: QuestionarioTemplate = {
  idQuestionarioTemplate: 'tpl-1',
  nomeQuestionarioTemplate: 'Questionario di prova',
  descrizioneQuestionarioTemplate: 'Descrizione del questionario',
  stato: 'ATTIVO',
  defaultRFD: true,
  defaultSCD: false,
  dataOraCreazione: '2026-01-01T00:00:00Z',
  dataOraUltimoAggiornamento: '2026-01-01T00:00:00Z',
  sezioniQuestionarioTemplate: [
    sec('Q1', [
      { id: '1', title: 'Codice fiscale', type: 'string', order: 1, keyBE: 'codiceFiscale' },
      { id: '2', title: 'Codice fiscale non disponibile', type: 'boolean', order: 2, keyBE: 'codiceFiscaleNonDisponibile', flag: true },
      { id: '3', title: 'Tipo documento', type: 'string', order: 3, keyBE: 'tipoDocumento', enum: ['Patente'] },
      { id: '5', title: 'Genere', type: 'string', order: 5, enum: ['F', 'M', 'Non binario', 'Preferisco non rispondere'] },
      { id: '6', title: 'Fascia di età', type: 'string', order: 6, enum: ['18-29', '30-54'] },
    ], ['1', '5', '6'], 'Informazioni anagrafiche (modello)'),
    sec('Q2', [{ id: '20', title: 'È la prima volta?', type: 'string', order: 1, enum: ['Sì', 'No'] }], ['20']),
    sec('Q3', [
      { id: '22', title: 'Data', type: 'date', order: 1 },
      { id: '26', title: 'Competenze (2)', type: 'object', order: 2, hidden: true, enumLevel2: [{ label: 'Navigare in rete', value: '1', upperLevel: 'A' }] },
    ], ['22']),
    Q4_SECTION,
  ],
}

export const Q1 = encodeSection({ id: SEZIONI_QUESTIONARIO.Q1.id, title: SEZIONI_QUESTIONARIO.Q1.titolo, answers: { '1': 'Codice fiscale disponibile ma non visualizzabile', '5': 'F', '6': '30-54' } })
export const Q2 = encodeSection({ id: SEZIONI_QUESTIONARIO.Q2.id, title: SEZIONI_QUESTIONARIO.Q2.titolo, answers: { '20': 'Sì' } })
export const Q3 = encodeSection({ id: SEZIONI_QUESTIONARIO.Q3.id, title: SEZIONI_QUESTIONARIO.Q3.titolo, answers: { '22': '2026-03-12', '26': ['1'] } })
/** Q1 of a citizen whose consent is recorded (questions 18–19). */
export const Q1_CON_CONSENSO = encodeSection({
  id: SEZIONI_QUESTIONARIO.Q1.id, title: SEZIONI_QUESTIONARIO.Q1.titolo,
  answers: { '1': 'Codice fiscale disponibile ma non visualizzabile', '5': 'F', '6': '30-54', '18': 'Cartaceo', '19': '2026-01-15' },
})

/** A section added after Q4 with 'Aggiungi sezione' (issue 24 point 4): a required choice and an optional text. */
export const SEZIONE_AGGIUNTIVA: SezioneTemplateWire = {
  id: 'sezione-1700000000000',
  title: 'Abitudini digitali',
  schema: {
    type: 'object',
    properties: {
      '1700000000001': { id: '1700000000001', title: 'Quanto spesso usi internet?', type: 'string', order: 1, enum: ['Mai', 'Ogni giorno'] },
      '1700000000002': { id: '1700000000002', title: 'Per che cosa?', type: 'string', order: 2 },
    },
    required: ['1700000000001'],
    default: [],
  },
  schemaui: {},
  'default-section': false,
}

/** {@link TEMPLATE} with {@link SEZIONE_AGGIUNTIVA} after Q4. */
export const TEMPLATE_CON_SEZIONE: QuestionarioTemplate = { ...TEMPLATE, sezioniQuestionarioTemplate: [...TEMPLATE.sezioniQuestionarioTemplate, SEZIONE_AGGIUNTIVA] }

/** Answers to {@link SEZIONE_AGGIUNTIVA} as a compilation sends them. */
export const RISPOSTE_AGGIUNTIVE = encodeSection({ id: SEZIONE_AGGIUNTIVA.id, title: SEZIONE_AGGIUNTIVA.title, answers: { '1700000000001': 'Ogni giorno', '1700000000002': 'Per lavoro' } })
