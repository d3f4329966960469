/**
 * The anonymous survey's form rules (spec 002 §2 "the anonymous online version lets the citizen fill only
 * section Q4"; platform-frontend §3.1 question format, §3.5 answer encoding): which questions a template
 * section shows and how, which answers are valid, and the `sezioneQ4Questionario` string they become.
 * Pure functions, no React.
 */
import type { SezioneTemplateWire } from '../../../api/contract/questionario'
import { clampRating } from '../../../lib/rating'
import { encodeSection } from '../../../lib/survey-sections'

/** How a question is drawn. */
export type QuestionKind = 'checkbox' | 'radio' | 'rating' | 'text' | 'textarea' | 'number' | 'date' | 'time' | 'boolean'

/** A question of the section, ready to draw (labels with '§' turned back into ','). */
export interface Question {
  id: string
  title: string
  kind: QuestionKind
  /** choices of 'checkbox' and 'radio' */
  options: string[]
  required: boolean
  /** bounds of 'rating' (1–5 by default) and 'number' */
  min?: number
  max?: number
  maxLength?: number
  regex?: string
  /** shown only when the answer to this question is set */
  dependencyFlag?: string
  /** shown only when the answer to this question is NOT set */
  dependencyNotFlag?: string
}

/** An answer as the form holds it: chosen options, a text/number/date/rating string, or a flag. */
export type Answer = string[] | string | boolean
export type Answers = Record<string, Answer>

/** Threshold above which (or without a limit) free text gets a multi-line box. */
const TEXTAREA_FROM = 100

/** Option label as shown and stored in the form: the template's '§' is a comma (platform-frontend §3.4). */
export const optionLabel = (raw: string) => raw.replace(/§/g, ',')

function kindOf(q: SezioneTemplateWire['schema']['properties'][string]): { kind: QuestionKind; options: string[] } {
  if (q.type === 'object' && q.properties) return { kind: 'checkbox', options: Object.keys(q.properties).map(optionLabel) }
  if (q.format === 'multiple-select' && q.enumLevel1?.length) return { kind: 'checkbox', options: q.enumLevel1.map(optionLabel) }
  if (q.type === 'range') return { kind: 'rating', options: [] }
  if (q.enum?.length) return { kind: 'radio', options: q.enum.map(optionLabel) }
  if (q.type === 'boolean') return { kind: 'boolean', options: [] }
  if (q.type === 'number' || q.type === 'integer') return { kind: 'number', options: [] }
  if (q.type === 'date') return { kind: 'date', options: [] }
  if (q.type === 'time') return { kind: 'time', options: [] }
  return { kind: q.maxLength !== undefined && q.maxLength <= TEXTAREA_FROM ? 'text' : 'textarea', options: [] }
}

/**
 * The questions of a template section in `order`, without hidden ones and the second level of a
 * two-level choice (`relatedFrom`, drawn inside its first level in the facilitator's form).
 */
export function questionsOf(section: SezioneTemplateWire): Question[] {
  const required = new Set(section.schema.required)
  return Object.entries(section.schema.properties)
    .map(([key, q]) => ({ key, q }))
    .filter(({ q }) => !q.hidden && !q.relatedFrom)
    .sort((a, b) => a.q.order - b.q.order)
    .map(({ key, q }) => {
      const id = q.id || key
      const { kind, options } = kindOf(q)
      const rating = kind === 'rating'
      const min = rating ? Math.max(1, Math.floor(q.minimum ?? 1)) : q.minimum
      const max = rating ? Math.min(10, Math.max(min ?? 1, Math.floor(q.maximum ?? 5))) : q.maximum
      return {
        id,
        title: optionLabel(q.title),
        kind,
        options,
        required: required.has(id) || required.has(key),
        ...(min !== undefined ? { min } : {}),
        ...(max !== undefined ? { max } : {}),
        ...(q.maxLength !== undefined ? { maxLength: q.maxLength } : {}),
        ...(q.regex ? { regex: q.regex } : {}),
        ...(q.dependencyFlag ? { dependencyFlag: q.dependencyFlag } : {}),
        ...(q.dependencyNotFlag ? { dependencyNotFlag: q.dependencyNotFlag } : {}),
      }
    })
}

/** True when an answer holds something (a non-empty text, at least one option, a true flag). */
export function hasValue(a: Answer | undefined): boolean {
  if (a === undefined || a === false) return false
  if (a === true) return true
  if (Array.isArray(a)) return a.length > 0
  return a.trim() !== ''
}

/** Dependencies (platform-frontend §3.1 `dependencyFlag`/`dependencyNotFlag`): is the question shown now? */
export function isVisible(q: Question, answers: Answers): boolean {
  if (q.dependencyFlag && !hasValue(answers[q.dependencyFlag])) return false
  if (q.dependencyNotFlag && hasValue(answers[q.dependencyNotFlag])) return false
  return true
}

/** The questions shown for the current answers. */
export const visibleQuestions = (questions: Question[], answers: Answers) => questions.filter((q) => isVisible(q, answers))

function regexOk(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern).test(value)
  } catch {
    return true // a broken pattern in a template must not block the citizen
  }
}

/** The Italian error of one question, null when its answer is acceptable. */
export function questionError(q: Question, answer: Answer | undefined): string | null {
  if (!hasValue(answer)) {
    if (!q.required) return null
    if (q.kind === 'checkbox') return 'Scegli almeno una risposta.'
    if (q.kind === 'radio') return 'Scegli una risposta.'
    if (q.kind === 'rating') return `Scegli un valore da ${q.min ?? 1} a ${q.max ?? 5}.`
    if (q.kind === 'boolean') return 'Seleziona la casella per continuare.'
    return 'Rispondi alla domanda.'
  }
  if (typeof answer !== 'string') return null
  const value = answer.trim()
  if (q.kind === 'rating') {
    const n = Number(value)
    if (!Number.isInteger(n) || n < (q.min ?? 1) || n > (q.max ?? 5)) return `Scegli un valore da ${q.min ?? 1} a ${q.max ?? 5}.`
    return null
  }
  if (q.kind === 'number') {
    const n = Number(value.replace(',', '.'))
    if (!Number.isFinite(n)) return 'Scrivi un numero.'
    if (q.min !== undefined && n < q.min) return `Il valore minimo è ${q.min}.`
    if (q.max !== undefined && n > q.max) return `Il valore massimo è ${q.max}.`
  }
  if (q.maxLength !== undefined && value.length > q.maxLength) return `Puoi scrivere al massimo ${q.maxLength} caratteri.`
  if (q.regex && !regexOk(q.regex, value)) return 'Il formato della risposta non è valido.'
  return null
}

/** Errors of the visible questions, keyed by question id (empty when the form can be sent). */
export function validateAnswers(questions: Question[], answers: Answers): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const q of visibleQuestions(questions, answers)) {
    const e = questionError(q, answers[q.id])
    if (e) errors[q.id] = e
  }
  return errors
}

/**
 * `sezioneQ4Questionario` of the answers, in the contract's encoding ({@link encodeSection}), with the
 * section id and title of the template; only visible questions, texts trimmed, ratings clamped.
 */
export function encodeAnswers(section: Pick<SezioneTemplateWire, 'id' | 'title'>, questions: Question[], answers: Answers): string {
  const out: Record<string, string[] | string | boolean> = {}
  for (const q of visibleQuestions(questions, answers)) {
    const a = answers[q.id]
    if (!hasValue(a) || a === undefined) continue
    if (Array.isArray(a)) out[q.id] = q.options.filter((o) => a.includes(o))
    else if (typeof a === 'boolean') out[q.id] = a
    else if (q.kind === 'rating') out[q.id] = String(clampRating(Number(a), q.max))
    else out[q.id] = a.trim()
  }
  return encodeSection({ id: section.id, title: section.title, answers: out })
}
