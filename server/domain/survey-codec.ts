/**
 * Server-side codec of an answered questionnaire section (platform-frontend §3.5; issue #3 point 3).
 *
 * Two encodings arrive on the wire and both are read:
 * 1. the contract's: outer JSON `{"id":"…","title":"…","properties":[{'29':['…','…']}, …]}` whose
 *    `properties` part uses SINGLE quotes (not valid JSON), with `,` → `§` and `'` → `’` inside values;
 * 2. valid JSON (the mass-upload path), where a multi-choice answer may be one string with the values
 *    joined by ': ' (split again on read, except in free-text answers and after 'es.', as in
 *    'Risolvere i problemi tecnici (es.: software e hardware)').
 * Writing always produces the contract's encoding. `§` is turned back into `,` on read.
 * The client keeps its own encoder (src/lib/survey-sections.ts); a later session may unify the two.
 */
import type { SezioneCompilata } from '../db/schema'

/** A decoded section: question id → answer values (empty answers are dropped). */
export interface DecodedSection {
  id: string
  title: string
  properties: Record<string, string[]>
}

/** Free-text questions: their answers are never split on ': ' (28 service details, 32 interests). */
export const FREE_TEXT_QUESTIONS: readonly string[] = ['28', '32']

/** A section string that cannot be read. */
export class SectionFormatError extends Error {
  constructor(message = 'Sezione del questionario non leggibile') {
    super(message)
    this.name = 'SectionFormatError'
  }
}

/**
 * A question id that names a member of `Object.prototype` (`__proto__`, `constructor`, `toString`…):
 * real ids are numbers or short codes, and such a name used as an object key would reach the prototype
 * instead of an answer. A section holding one is refused ({@link InvalidQuestionIdError}).
 */
export const RESERVED_QUESTION_IDS: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype'])

/** A section naming a question with a reserved id ({@link RESERVED_QUESTION_IDS}). */
export class InvalidQuestionIdError extends SectionFormatError {
  constructor() {
    super('Il questionario contiene un identificativo di domanda non valido.')
    this.name = 'InvalidQuestionIdError'
  }
}

/** An empty answers map without a prototype: any question id is an ordinary own key. */
const emptyProperties = (): Record<string, string[]> => Object.create(null) as Record<string, string[]>

/** Deepest nesting of arrays/objects accepted in a section (the encodings need 4: section, list, answer map, values). */
export const MAX_SECTION_DEPTH = 8

/** True when `value` nests arrays/objects more than `max` levels; iterative, so no input can overflow the stack. */
function nestingExceeds(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 0]]
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!
    if (item === null || typeof item !== 'object') continue
    if (depth + 1 > max) return true
    for (const child of Array.isArray(item) ? item : Object.values(item)) pending.push([child, depth + 1])
  }
  return false
}

const MASS_UPLOAD_SEPARATOR = /(?<!\bes\.): /

function parseLoose(input: string): { value: unknown; validJson: boolean } {
  try {
    return { value: JSON.parse(input), validJson: true }
  } catch { /* contract encoding: try the quote replacement */ }
  const at = input.indexOf('"properties"')
  const attempts = at >= 0
    ? [input.slice(0, at) + input.slice(at).replace(/'/g, '"'), input.replace(/'/g, '"')]
    : [input.replace(/'/g, '"')]
  for (const attempt of attempts) {
    try {
      return { value: JSON.parse(attempt), validJson: false }
    } catch { /* next */ }
  }
  throw new SectionFormatError()
}

function toValues(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : [raw]
  return list
    .filter((x) => x !== null && x !== undefined && x !== false && x !== '')
    .map((x) => (typeof x === 'string' ? x : typeof x === 'number' || typeof x === 'boolean' ? String(x) : JSON.stringify(x)))
}

function collectProperties(raw: unknown): [string, unknown][] {
  if (Array.isArray(raw)) {
    return raw.flatMap((item) => (item && typeof item === 'object' && !Array.isArray(item) ? Object.entries(item as Record<string, unknown>) : []))
  }
  if (raw && typeof raw === 'object') return Object.entries(raw as Record<string, unknown>)
  return []
}

/**
 * Decodes a section string in either encoding. Throws {@link SectionFormatError} when the text is not a
 * section (no `id`, unreadable). An empty object `{}` (what the wizard sends for already-filled Q1–Q3)
 * decodes to a section with empty id and no answers. A question id of {@link RESERVED_QUESTION_IDS}
 * throws {@link InvalidQuestionIdError}; nesting deeper than {@link MAX_SECTION_DEPTH} throws
 * {@link SectionFormatError}. The answers map has no prototype.
 */
export function decodeSection(input: string): DecodedSection {
  let text = input.trim()
  if (text === '') throw new SectionFormatError()
  let parsed: { value: unknown; validJson: boolean }
  try {
    parsed = parseLoose(text)
  } catch (err) {
    // the reference's readers fall back to a URI-decoded string
    try {
      text = decodeURIComponent(text)
    } catch {
      throw err
    }
    parsed = parseLoose(text)
  }
  const obj = parsed.value
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) throw new SectionFormatError()
  // deeper answers would overflow the stack when serialised (toValues): refuse them as unreadable
  if (nestingExceeds(obj, MAX_SECTION_DEPTH)) throw new SectionFormatError()
  const record = obj as Record<string, unknown>
  const id = typeof record.id === 'string' ? record.id : ''
  const title = typeof record.title === 'string' ? record.title : ''
  if (id === '' && Object.keys(record).length > 0 && record.properties === undefined) throw new SectionFormatError()
  const properties = emptyProperties()
  for (const [questionId, rawValue] of collectProperties(record.properties)) {
    if (RESERVED_QUESTION_IDS.has(questionId)) throw new InvalidQuestionIdError()
    let values = toValues(rawValue)
    if (parsed.validJson && !FREE_TEXT_QUESTIONS.includes(questionId)) {
      values = values.flatMap((x) => x.split(MASS_UPLOAD_SEPARATOR))
    }
    values = values.map((x) => x.replace(/§/g, ',')).filter((x) => x !== '')
    if (values.length > 0) properties[questionId] = [...(properties[questionId] ?? []), ...values]
  }
  return { id, title, properties }
}

/** A value as the contract writes it: `,` → `§`, `'` → `’`, `"` → `”` (keeps the string parseable). */
export function escapeValue(value: string): string {
  return value.replace(/,/g, '§').replace(/'/g, '’').replace(/"/g, '”')
}

/** Encodes a section in the contract's encoding; empty answers are omitted. */
export function encodeSection(section: DecodedSection): string {
  const props = Object.entries(section.properties)
    .filter(([, values]) => values.length > 0)
    .map(([questionId, values]) => ({ [questionId]: values.map(escapeValue) }))
  const inner = JSON.stringify(props).replace(/"/g, "'")
  return `{"id":${JSON.stringify(section.id)},"title":${JSON.stringify(section.title)},"properties":${inner}}`
}

/** The stored form (ordered list of single-key objects, `SezioneCompilata`) of a decoded section. */
export function toStored(section: DecodedSection): SezioneCompilata {
  return {
    id: section.id,
    title: section.title,
    properties: Object.entries(section.properties).map(([k, values]) => ({ [k]: values })),
  }
}

/** The decoded form of a stored section (an answers map without a prototype). */
export function fromStored(stored: SezioneCompilata): DecodedSection {
  const properties = emptyProperties()
  for (const item of stored.properties) {
    for (const [k, values] of Object.entries(item)) properties[k] = [...(properties[k] ?? []), ...values]
  }
  return { id: stored.id, title: stored.title, properties }
}

/** Shortcut: stored section → contract string. */
export function encodeStored(stored: SezioneCompilata): string {
  return encodeSection(fromStored(stored))
}

/** The answers of one question (empty when unanswered). */
export function answers(section: DecodedSection, questionId: string): string[] {
  return Object.hasOwn(section.properties, questionId) ? section.properties[questionId] ?? [] : []
}
