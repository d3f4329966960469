/**
 * Questions of a survey template section as the compile, read-only and print screens use them
 * (platform-frontend §3.1 schema, §3.3 questions, §3.5 encoding; spec 002 §3 "Survey template", §5, §9).
 * Pure functions, no React:
 * - `sezioneDelTemplate` finds Q1–Q4 of a template by section id; `domandeOrdinate` lists its questions
 *   by `order` without the fields hidden from survey forms (keyBE codiceFiscaleNonDisponibile,
 *   tipoDocumento, numeroDocumento);
 * - `tipoCampo` says how a question is drawn: checkbox group (`properties` of booleans), radio (an `enum`
 *   of at most {@link RADIO_MAX_OPTIONS} values or `format: 'radio'`), select (longer `enum`), rating 1–5
 *   (`range` or the question '1663320201383'), text/textarea, number, date, time, flag (boolean);
 * - `isVisibile` applies `dependencyFlag` (shown only when that flag question is true) and
 *   `dependencyNotFlag` (shown only when it is not);
 * - `validaRisposte` gives an Italian message per invalid visible question (required, maxLength, regex,
 *   rating bounds, number);
 * - `sezioneDaRisposte` turns the form state into the `SectionInput` that `encodeSection` writes (visible
 *   answered questions only; checkbox values in option order). The answers are a plain object, so
 *   numeric question ids come out in ascending order, then the others (e.g. '1663320201383') in question order.
 */
import { ID_DOMANDA_VALUTAZIONE, SEZIONI_QUESTIONARIO } from '../../api/contract/enums'
import type { QuestionarioTemplate, SezioneTemplateWire } from '../../api/contract/questionario'
import { clampRating, DEFAULT_RATING_MAX } from '../../lib/rating'
import { sectionHeader, type DecodedSection, type SectionInput, type SectionKey } from '../../lib/survey-sections'
import { MSG_REQUIRED } from '../../lib/validation'

/** A question of a template section (platform-frontend §3.1). */
export type Domanda = SezioneTemplateWire['schema']['properties'][string]

/** How a question is drawn and answered. */
export type TipoCampo = 'checkbox' | 'radio' | 'select' | 'text' | 'textarea' | 'rating' | 'number' | 'date' | 'time' | 'flag'

/** One answer in a form: a single value, the chosen options of a multiple choice, or a flag. */
export type RispostaForm = string | string[] | boolean

/** Answers of a section form by question id. */
export type RisposteForm = Record<string, RispostaForm>

/** Single choices with at most this many options are radio buttons, longer ones a select. */
export const RADIO_MAX_OPTIONS = 5
/** Free texts allowing more than this many characters get a multi-line box. */
export const TEXTAREA_FROM = 100
/** Fields hidden from survey forms (spec 002 §3, platform-frontend §3.3). */
export const KEY_BE_NASCOSTE: ReadonlySet<string> = new Set(['codiceFiscaleNonDisponibile', 'tipoDocumento', 'numeroDocumento'])

export const SEZIONI: readonly SectionKey[] = ['Q1', 'Q2', 'Q3', 'Q4']

/** The section Q1–Q4 of a template (matched by the constant section id), or null. */
export function sezioneDelTemplate(template: QuestionarioTemplate | null | undefined, key: SectionKey): SezioneTemplateWire | null {
  const id = SEZIONI_QUESTIONARIO[key].id
  return template?.sezioniQuestionarioTemplate.find((s) => s.id === id) ?? null
}

/**
 * Template of an instance among the device's reference data: the snapshot with that id, else the
 * programme's ATTIVO template when it is the same one; null when absent.
 */
export function templateDiIstanza(
  rif: { template: QuestionarioTemplate | null; templateSnapshot: QuestionarioTemplate[] } | null | undefined,
  idTemplate: string,
): QuestionarioTemplate | null {
  if (!rif) return null
  return rif.templateSnapshot.find((t) => t.idQuestionarioTemplate === idTemplate)
    ?? (rif.template?.idQuestionarioTemplate === idTemplate ? rif.template : null)
}

/** Title to show for a section: the template's, else the contract's (platform-frontend §3.2). */
export function titoloSezione(sezione: SezioneTemplateWire | null, key: SectionKey): string {
  const t = sezione?.title?.trim()
  return t ? t : SEZIONI_QUESTIONARIO[key].titolo
}

/** Questions of a section by `order` (then id), without the hidden fields; `hidden` ones are kept. */
export function domandeOrdinate(sezione: SezioneTemplateWire | null): Domanda[] {
  if (!sezione) return []
  return Object.entries(sezione.schema.properties)
    .map(([id, d]) => ({ ...d, id: d.id || id }))
    .filter((d) => !(d.keyBE && KEY_BE_NASCOSTE.has(d.keyBE)))
    .sort((a, b) => a.order - b.order || Number(a.id) - Number(b.id) || a.id.localeCompare(b.id))
}

/** Options of a single or multiple choice ([] for other questions). */
export function opzioni(d: Domanda): string[] {
  if (d.enum) return [...d.enum]
  if (d.properties) return Object.keys(d.properties)
  if (d.enumLevel1) return [...d.enumLevel1]
  return []
}

/** How the question is drawn (see the module comment). */
export function tipoCampo(d: Domanda): TipoCampo {
  if (d.type === 'range' || d.id === ID_DOMANDA_VALUTAZIONE) return 'rating'
  if (d.type === 'object' || d.properties || d.format === 'multiple-select') return 'checkbox'
  if (d.enum) {
    if (d.format === 'radio') return 'radio'
    if (d.format === 'select') return 'select'
    return d.enum.length <= RADIO_MAX_OPTIONS ? 'radio' : 'select'
  }
  if (d.type === 'boolean' || d.flag) return 'flag'
  if (d.type === 'number' || d.type === 'integer') return 'number'
  if (d.type === 'date') return 'date'
  if (d.type === 'time') return 'time'
  return d.maxLength !== undefined && d.maxLength > TEXTAREA_FROM ? 'textarea' : 'text'
}

/** Bounds of a rating question (default 1–5, spec 002 §9). */
export function limitiValutazione(d: Domanda): { min: number; max: number } {
  const max = d.maximum !== undefined && d.maximum >= 1 ? Math.floor(d.maximum) : DEFAULT_RATING_MAX
  const min = d.minimum !== undefined && d.minimum >= 1 && d.minimum <= max ? Math.floor(d.minimum) : 1
  return { min, max }
}

/** True when an answer counts as given (non-empty text, at least one option, a true flag). */
export function isRisposta(value: RispostaForm | undefined): boolean {
  if (value === undefined || value === false) return false
  if (value === true) return true
  if (Array.isArray(value)) return value.some((v) => v.trim() !== '')
  return value.trim() !== ''
}

/** True when the flag question `id` is set ('true', true, or a non-empty choice). */
function flagSet(risposte: RisposteForm, id: string): boolean {
  const v = risposte[id]
  if (typeof v === 'string') return v === 'true' || v === 'Sì'
  return isRisposta(v)
}

/** Visibility by `dependencyFlag` / `dependencyNotFlag` (platform-frontend §3.1). */
export function isVisibile(d: Domanda, risposte: RisposteForm): boolean {
  if (d.hidden) return false
  if (d.dependencyFlag && !flagSet(risposte, d.dependencyFlag)) return false
  if (d.dependencyNotFlag && flagSet(risposte, d.dependencyNotFlag)) return false
  return true
}

/** True when the section lists the question as required. */
export function isObbligatoria(d: Domanda, sezione: SezioneTemplateWire | null): boolean {
  return !!sezione?.schema.required.includes(d.id)
}

/** The empty answer of a question in a form. */
export function rispostaVuota(d: Domanda): RispostaForm {
  const t = tipoCampo(d)
  if (t === 'checkbox') return []
  if (t === 'flag') return false
  return ''
}

/** Initial form state of a section: every question empty, or taken from already decoded answers. */
export function risposteIniziali(sezione: SezioneTemplateWire | null, decoded?: DecodedSection | null): RisposteForm {
  const out: RisposteForm = {}
  for (const d of domandeOrdinate(sezione)) {
    const values = decoded?.answers[d.id] ?? []
    const t = tipoCampo(d)
    if (t === 'checkbox') out[d.id] = [...values]
    else if (t === 'flag') out[d.id] = values.includes('true')
    else out[d.id] = values[0] ?? ''
  }
  return out
}

/** Italian message for one question, null when fine. Hidden questions are never invalid. */
export function erroreDomanda(d: Domanda, sezione: SezioneTemplateWire | null, risposte: RisposteForm): string | null {
  if (!isVisibile(d, risposte)) return null
  const value = risposte[d.id]
  const t = tipoCampo(d)
  if (!isRisposta(value)) {
    if (!isObbligatoria(d, sezione)) return null
    return t === 'checkbox' ? 'Seleziona almeno una risposta' : t === 'radio' || t === 'select' || t === 'rating' ? 'Seleziona una risposta' : MSG_REQUIRED
  }
  if (typeof value !== 'string') return null
  const text = value.trim()
  if (t === 'rating') {
    const { min, max } = limitiValutazione(d)
    const n = Number(text)
    if (!Number.isInteger(n) || n < min || n > max) return `Scegli un valore da ${min} a ${max}`
    return null
  }
  if (t === 'number' && !/^-?\d+(?:[.,]\d+)?$/.test(text)) return 'Inserisci un numero'
  if (d.maxLength !== undefined && value.length > d.maxLength) return `Il limite massimo di caratteri è di ${d.maxLength}`
  if (d.regex && (t === 'text' || t === 'textarea')) {
    try {
      if (!new RegExp(d.regex).test(text)) return 'Formato non valido'
    } catch {
      // a template regex that does not compile is ignored
    }
  }
  return null
}

/** Messages by question id for every invalid visible question of the section (empty when valid). */
export function validaRisposte(sezione: SezioneTemplateWire | null, risposte: RisposteForm): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const d of domandeOrdinate(sezione)) {
    const e = erroreDomanda(d, sezione, risposte)
    if (e) errors[d.id] = e
  }
  return errors
}

/**
 * The section to encode from the form: visible questions with an answer, in question order; checkbox
 * values follow the option order; a rating is clamped to its bounds. Header: the contract's id and title.
 */
export function sezioneDaRisposte(key: SectionKey, sezione: SezioneTemplateWire | null, risposte: RisposteForm): SectionInput {
  const answers: SectionInput['answers'] = {}
  for (const d of domandeOrdinate(sezione)) {
    if (!isVisibile(d, risposte)) continue
    const value = risposte[d.id]
    if (!isRisposta(value)) continue
    const t = tipoCampo(d)
    if (Array.isArray(value)) {
      const order = opzioni(d)
      answers[d.id] = [...value].sort((a, b) => rank(order, a) - rank(order, b))
    } else if (t === 'rating' && typeof value === 'string') {
      const { max } = limitiValutazione(d)
      answers[d.id] = String(clampRating(Number(value), max))
    } else if (typeof value === 'string') {
      answers[d.id] = value.trim()
    } else {
      answers[d.id] = value
    }
  }
  return { ...sectionHeader(key), answers }
}

function rank(order: string[], value: string): number {
  const i = order.indexOf(value)
  return i === -1 ? order.length : i
}

/** True when two form states hold the same answers (dirty check). */
export function stesseRisposte(a: RisposteForm, b: RisposteForm): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  for (const k of keys) {
    const x = a[k]
    const y = b[k]
    if (Array.isArray(x) || Array.isArray(y)) {
      const xs = Array.isArray(x) ? [...x].sort() : []
      const ys = Array.isArray(y) ? [...y].sort() : []
      if (xs.length !== ys.length || xs.some((v, i) => v !== ys[i])) return false
    } else if ((x ?? '') !== (y ?? '') && !(isRisposta(x) === false && isRisposta(y) === false)) {
      return false
    }
  }
  return true
}
