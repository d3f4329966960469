/**
 * THE model of a survey template's questions (platform-frontend §3.1 schema, §3.3 questions, §3.4 option
 * labels, §3.5 encoding; spec 002 §2, §3, §9; issue 8 point 12): what every screen that draws a template
 * section uses — the facilitator's compilation (variant 'compact'), the citizen's phone page ('phone'),
 * the printed survey and the read-only view — and what a template editor's live preview will use. Pure
 * functions, no React; the renderer is src/ui/survey.
 *
 * - {@link questionsOf} lists a section's questions by `order` (then id) without the fields hidden from
 *   survey forms ({@link KEY_BE_NASCOSTE}); `hidden` questions and the second level of a two-level choice
 *   (`relatedFrom`) stay in the list, flagged `hidden`: they are never drawn in a form, but their answers
 *   are shown when reading.
 * - {@link questionKind}: checkbox group (`properties` of booleans, `type: 'object'`, `multiple-select`),
 *   single choice (`enum`): radios, or — in the compact variant only — a select when it has more than
 *   {@link RADIO_MAX_OPTIONS} options (`format: 'radio' | 'select'` forces it), rating 1–5 (`range` or the
 *   question {@link ID_DOMANDA_VALUTAZIONE}), flag (`boolean` / `flag`), number, date, time, text (up to
 *   {@link TEXTAREA_FROM} characters allowed) or textarea.
 * - {@link isVisible}: not hidden, `dependencyFlag` set ('true', true, 'Sì', a choice), `dependencyNotFlag` not set.
 * - {@link validateAnswers}: an Italian message per invalid visible question (required, rating bounds,
 *   number and its bounds, maxLength, regex). The compact variant speaks to the facilitator with the
 *   app's form messages ('Campo obbligatorio'), the phone variant to the citizen ('Rispondi alla domanda.').
 * - {@link sectionAnswers} turns a form into the answers `encodeSection` writes (visible answered questions
 *   only, texts trimmed, checkbox values in option order, ratings clamped); {@link encodeAnswers} encodes them.
 * - {@link displayValues}: answer values as a reader sees them ('Sì', '4 su 5', level-2 labels).
 */
import { ID_DOMANDA_VALUTAZIONE, TITOLO_COMPETENZE_LIVELLO_2 } from '../api/contract/enums'
import { displayDateOrText } from './dates'
import type { SezioneTemplateWire } from '../api/contract/questionario'
import { clampRating, DEFAULT_RATING_MAX } from './rating'
import { encodeSection, type DecodedSection, type SectionAnswer } from './survey-sections'
import { MSG_REQUIRED } from './validation'

/** A question as a template section stores it (platform-frontend §3.1). */
export type TemplateQuestion = SezioneTemplateWire['schema']['properties'][string]

/** Who fills the form: the facilitator at a desk ('compact') or the citizen on a phone ('phone'). */
export type SurveyVariant = 'compact' | 'phone'

/** How a question is drawn and answered. */
export type QuestionKind = 'checkbox' | 'radio' | 'select' | 'rating' | 'text' | 'textarea' | 'number' | 'date' | 'time' | 'flag'

/** One answer in a form: a single value, the chosen options of a multiple choice, or a flag. */
export type FormAnswer = string | string[] | boolean

/** Answers of a section form by question id. */
export type FormAnswers = Record<string, FormAnswer>

/** A question ready to draw. */
export interface SurveyQuestion {
  id: string
  /** the question ('§' shown as ',') */
  title: string
  kind: QuestionKind
  /** choices of checkbox, radio and select ('§' shown as ',') */
  options: string[]
  required: boolean
  /** never drawn in a form (`hidden`, or the second level of a two-level choice) */
  hidden: boolean
  /** bounds of a rating (1–5 by default, at most 10) or of a number */
  min?: number
  max?: number
  maxLength?: number
  regex?: string
  /** shown only when this flag question is set */
  dependencyFlag?: string
  /** shown only when this flag question is NOT set */
  dependencyNotFlag?: string
  /** citizen or service field the question maps to (platform-frontend §3.1) */
  keyBE?: string
  /** second-level choices (code → label) of a two-level competence question */
  level2?: readonly { label: string; value: string; upperLevel: string }[]
}

/** Single choices with at most this many options are radio buttons, longer ones a select (compact variant). */
export const RADIO_MAX_OPTIONS = 5
/** Free texts allowing at most this many characters get a one-line box, the others a multi-line one. */
export const TEXTAREA_FROM = 100
/** Highest rating drawn (a template asking more stars is capped). */
export const RATING_MAX_CAP = 10
/** Fields hidden from survey forms (spec 002 §3, platform-frontend §3.3). */
export const KEY_BE_NASCOSTE: ReadonlySet<string> = new Set(['codiceFiscaleNonDisponibile', 'tipoDocumento', 'numeroDocumento'])

/** Label as shown and stored in a form: the template's '§' is a comma (platform-frontend §3.4). */
export const optionLabel = (raw: string): string => raw.replace(/§/g, ',')

/** Options of a single or multiple choice, in template order ([] for other questions). */
function rawOptions(q: TemplateQuestion): string[] {
  if (q.enum) return [...q.enum]
  if (q.properties) return Object.keys(q.properties)
  if (q.enumLevel1) return [...q.enumLevel1]
  return []
}

/** How a template question is drawn in a variant (see the module comment). */
export function questionKind(q: TemplateQuestion, variant: SurveyVariant = 'compact'): QuestionKind {
  if (q.type === 'range' || q.id === ID_DOMANDA_VALUTAZIONE) return 'rating'
  if (q.type === 'object' || q.properties || q.format === 'multiple-select') return 'checkbox'
  if (q.enum) {
    if (variant === 'phone' || q.format === 'radio') return 'radio'
    if (q.format === 'select') return 'select'
    return q.enum.length <= RADIO_MAX_OPTIONS ? 'radio' : 'select'
  }
  if (q.type === 'boolean' || q.flag) return 'flag'
  if (q.type === 'number' || q.type === 'integer') return 'number'
  if (q.type === 'date') return 'date'
  if (q.type === 'time') return 'time'
  return q.maxLength !== undefined && q.maxLength <= TEXTAREA_FROM ? 'text' : 'textarea'
}

/** Bounds of a rating: `minimum`–`maximum` of the template, default 1–5, at most {@link RATING_MAX_CAP}. */
function ratingBounds(q: TemplateQuestion): { min: number; max: number } {
  const max = q.maximum !== undefined && q.maximum >= 1 ? Math.min(RATING_MAX_CAP, Math.floor(q.maximum)) : DEFAULT_RATING_MAX
  const min = q.minimum !== undefined && q.minimum >= 1 && q.minimum <= max ? Math.floor(q.minimum) : 1
  return { min, max }
}

/** The questions of a section, ready to draw (see the module comment); [] without a section. */
export function questionsOf(section: SezioneTemplateWire | null | undefined, variant: SurveyVariant = 'compact'): SurveyQuestion[] {
  if (!section) return []
  const required = new Set(section.schema.required)
  return Object.entries(section.schema.properties)
    .map(([key, q]) => ({ key, q, id: q.id || key }))
    .filter(({ q }) => !(q.keyBE && KEY_BE_NASCOSTE.has(q.keyBE)))
    .sort((a, b) => a.q.order - b.q.order || Number(a.id) - Number(b.id) || a.id.localeCompare(b.id))
    .map(({ key, q, id }) => {
      const kind = questionKind({ ...q, id }, variant)
      const bounds = kind === 'rating' ? ratingBounds(q) : kind === 'number' ? { min: q.minimum, max: q.maximum } : {}
      return {
        id,
        title: optionLabel(q.title),
        kind,
        options: rawOptions(q).map(optionLabel),
        required: required.has(id) || required.has(key),
        hidden: !!q.hidden || !!q.relatedFrom,
        ...(bounds.min !== undefined ? { min: bounds.min } : {}),
        ...(bounds.max !== undefined ? { max: bounds.max } : {}),
        ...(q.maxLength !== undefined ? { maxLength: q.maxLength } : {}),
        ...(q.regex ? { regex: q.regex } : {}),
        ...(q.dependencyFlag ? { dependencyFlag: q.dependencyFlag } : {}),
        ...(q.dependencyNotFlag ? { dependencyNotFlag: q.dependencyNotFlag } : {}),
        ...(q.keyBE ? { keyBE: q.keyBE } : {}),
        ...(q.enumLevel2 ? { level2: q.enumLevel2 } : {}),
      }
    })
}

/** True when an answer counts as given (non-blank text, at least one option, a true flag). */
export function isAnswered(value: FormAnswer | undefined): boolean {
  if (value === undefined || value === false) return false
  if (value === true) return true
  if (Array.isArray(value)) return value.some((v) => v.trim() !== '')
  return value.trim() !== ''
}

/** True when the flag question `id` is set ('true', true, 'Sì', or chosen options). */
function flagSet(answers: FormAnswers, id: string): boolean {
  const v = answers[id]
  if (typeof v === 'string') return v === 'true' || v === 'Sì'
  return isAnswered(v)
}

/** Is the question drawn now (`hidden`, `dependencyFlag`, `dependencyNotFlag`; platform-frontend §3.1)? */
export function isVisible(q: SurveyQuestion, answers: FormAnswers): boolean {
  if (q.hidden) return false
  if (q.dependencyFlag && !flagSet(answers, q.dependencyFlag)) return false
  if (q.dependencyNotFlag && flagSet(answers, q.dependencyNotFlag)) return false
  return true
}

/** The questions drawn for the current answers. */
export const visibleQuestions = (questions: readonly SurveyQuestion[], answers: FormAnswers): SurveyQuestion[] =>
  questions.filter((q) => isVisible(q, answers))

/** The empty answer of a question in a form. */
export function emptyAnswer(q: SurveyQuestion): FormAnswer {
  if (q.kind === 'checkbox') return []
  if (q.kind === 'flag') return false
  return ''
}

/** Initial form state: every question empty, or taken from already decoded answers. */
export function initialAnswers(questions: readonly SurveyQuestion[], decoded?: DecodedSection | null): FormAnswers {
  const out: FormAnswers = {}
  for (const q of questions) {
    const values = decoded && Object.hasOwn(decoded.answers, q.id) ? (decoded.answers[q.id] ?? []) : []
    if (q.kind === 'checkbox') out[q.id] = [...values]
    else if (q.kind === 'flag') out[q.id] = values.includes('true')
    else out[q.id] = values[0] ?? ''
  }
  return out
}

/** Messages of one variant (see the module comment). */
interface Messages {
  requiredChoices: string
  requiredChoice: string
  requiredRating(min: number, max: number): string
  requiredFlag: string
  required: string
  rating(min: number, max: number): string
  number: string
  numberMin(n: number): string
  numberMax(n: number): string
  maxLength(n: number): string
  format: string
}

const MESSAGES: Record<SurveyVariant, Messages> = {
  compact: {
    requiredChoices: 'Seleziona almeno una risposta',
    requiredChoice: 'Seleziona una risposta',
    requiredRating: () => 'Seleziona una risposta',
    requiredFlag: MSG_REQUIRED,
    required: MSG_REQUIRED,
    rating: (min, max) => `Scegli un valore da ${min} a ${max}`,
    number: 'Inserisci un numero',
    numberMin: (n) => `Il valore minimo è ${n}`,
    numberMax: (n) => `Il valore massimo è ${n}`,
    maxLength: (n) => `Il limite massimo di caratteri è di ${n}`,
    format: 'Formato non valido',
  },
  phone: {
    requiredChoices: 'Scegli almeno una risposta.',
    requiredChoice: 'Scegli una risposta.',
    requiredRating: (min, max) => `Scegli un valore da ${min} a ${max}.`,
    requiredFlag: 'Seleziona la casella per continuare.',
    required: 'Rispondi alla domanda.',
    rating: (min, max) => `Scegli un valore da ${min} a ${max}.`,
    number: 'Scrivi un numero.',
    numberMin: (n) => `Il valore minimo è ${n}.`,
    numberMax: (n) => `Il valore massimo è ${n}.`,
    maxLength: (n) => `Puoi scrivere al massimo ${n} caratteri.`,
    format: 'Il formato della risposta non è valido.',
  },
}

const NUMBER = /^-?\d+(?:[.,]\d+)?$/

/** The Italian message of one answer, null when acceptable (visibility is the caller's: see {@link validateAnswers}). */
export function questionError(q: SurveyQuestion, value: FormAnswer | undefined, variant: SurveyVariant = 'compact'): string | null {
  const m = MESSAGES[variant]
  const min = q.min ?? 1
  const max = q.max ?? DEFAULT_RATING_MAX
  if (!isAnswered(value)) {
    if (!q.required) return null
    if (q.kind === 'checkbox') return m.requiredChoices
    if (q.kind === 'radio' || q.kind === 'select') return m.requiredChoice
    if (q.kind === 'rating') return m.requiredRating(min, max)
    if (q.kind === 'flag') return m.requiredFlag
    return m.required
  }
  if (typeof value !== 'string') return null
  const text = value.trim()
  if (q.kind === 'rating') {
    const n = Number(text)
    return Number.isInteger(n) && n >= min && n <= max ? null : m.rating(min, max)
  }
  if (q.kind === 'number') {
    if (!NUMBER.test(text)) return m.number
    const n = Number(text.replace(',', '.'))
    if (q.min !== undefined && n < q.min) return m.numberMin(q.min)
    if (q.max !== undefined && n > q.max) return m.numberMax(q.max)
  }
  if (q.maxLength !== undefined && text.length > q.maxLength) return m.maxLength(q.maxLength)
  if (q.regex && (q.kind === 'text' || q.kind === 'textarea')) {
    try {
      if (!new RegExp(q.regex).test(text)) return m.format
    } catch {
      // a template regex that does not compile must not block the form
    }
  }
  return null
}

/** Messages by question id for every invalid visible question (empty when the form can be sent). */
export function validateAnswers(questions: readonly SurveyQuestion[], answers: FormAnswers, variant: SurveyVariant = 'compact'): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const q of visibleQuestions(questions, answers)) {
    const e = questionError(q, answers[q.id], variant)
    if (e) errors[q.id] = e
  }
  return errors
}

function rank(order: readonly string[], value: string): number {
  const i = order.indexOf(value)
  return i === -1 ? order.length : i
}

/**
 * The answers to encode (`encodeSection({ ...header, answers })`): visible answered questions in question
 * order; checkbox values in option order; texts trimmed; a rating clamped to its bounds.
 */
export function sectionAnswers(questions: readonly SurveyQuestion[], answers: FormAnswers): Record<string, SectionAnswer> {
  const out: Record<string, SectionAnswer> = {}
  for (const q of visibleQuestions(questions, answers)) {
    const value = answers[q.id]
    if (value === undefined || !isAnswered(value)) continue
    if (Array.isArray(value)) out[q.id] = [...value].sort((a, b) => rank(q.options, a) - rank(q.options, b))
    else if (typeof value === 'boolean') out[q.id] = value
    else if (q.kind === 'rating') out[q.id] = String(clampRating(Number(value), q.max))
    else out[q.id] = value.trim()
  }
  return out
}

/** A form as a section string in the contract's encoding, under `header` (the section's id and title). */
export function encodeAnswers(header: { id: string; title: string }, questions: readonly SurveyQuestion[], answers: FormAnswers): string {
  return encodeSection({ id: header.id, title: header.title, answers: sectionAnswers(questions, answers) })
}

/** True when two form states hold the same answers (dirty check; option order and blank values aside). */
export function sameAnswers(a: FormAnswers, b: FormAnswers): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  for (const k of keys) {
    const x = a[k]
    const y = b[k]
    if (Array.isArray(x) || Array.isArray(y)) {
      const xs = Array.isArray(x) ? [...x].sort() : []
      const ys = Array.isArray(y) ? [...y].sort() : []
      if (xs.length !== ys.length || xs.some((v, i) => v !== ys[i])) return false
    } else if ((x ?? '') !== (y ?? '') && !(isAnswered(x) === false && isAnswered(y) === false)) {
      return false
    }
  }
  return true
}

/**
 * The title a reader sees (read-only view, print): a second-level competence question (`level2`) reads
 * 'Competenze specifiche trattate' instead of its technical template title.
 */
export function readerTitle(q: SurveyQuestion): string {
  return q.level2 ? TITOLO_COMPETENZE_LIVELLO_2 : q.title
}

/** Values of an answer as a reader sees them: a flag 'Sì'/'No', a date DD-MM-YYYY, a rating 'N su MAX', level-2 codes as labels. */
export function displayValues(q: SurveyQuestion | undefined, values: readonly string[]): string[] {
  if (!q) return [...values]
  if (q.kind === 'flag') return values.map((v) => (v === 'true' ? 'Sì' : v === 'false' ? 'No' : v))
  if (q.kind === 'date') return values.map(displayDateOrText)
  if (q.kind === 'rating') return values.map((v) => (/^\d+$/.test(v) ? `${v} su ${q.max ?? DEFAULT_RATING_MAX}` : v))
  if (q.level2) return values.map((v) => q.level2?.find((o) => o.value === v)?.label ?? v)
  return [...values]
}
