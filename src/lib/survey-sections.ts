/**
 * THE codec of compiled survey sections, shared by the app and the reference server (platform-frontend
 * §3.5, §7.4; issue 8 point 12). Pure: no DOM, no Node API; the server imports it as it imports the other
 * src/lib modules (server/domain/survey-codec.ts only adapts it to the stored rows).
 *
 * Contract encoding (what every writer produces): an outer JSON object with double quotes
 * `{"id":"…","title":"…","properties":[…]}` whose `properties` is an array of one-key objects
 * `{ '<questionId>': ['<value>', …] }` in which EVERY double quote is replaced by a single quote — so the
 * whole string is not valid JSON. Values are arrays of strings (multi-choice: one item per option; ids 25
 * and 26 included); inside a value `,` becomes `§` and `'` becomes `’`; empty, blank and false answers
 * are omitted. A straight `"` typed in a value survives (JSON escapes it, the reader's `'`→`"` restores it).
 *
 * Readers accept that, the same string URI-encoded, and the mass-upload encoding (valid JSON, several
 * values joined by ': ' in one string, split again except inside parentheses — '(es.: …)' — after 'es.'
 * and in single-value questions). Decoding turns `§` back into `,`. What no reader can serve is refused
 * with {@link SectionFormatError}: an empty string, text that is no section, `properties` that is neither
 * a list nor an object, answers nested deeper than {@link MAX_SECTION_DEPTH}, and question ids naming
 * members of `Object.prototype` ({@link InvalidQuestionIdError}). The answers map has no prototype.
 */
import { SEZIONI_QUESTIONARIO } from '../api/contract/enums'

export type SectionKey = keyof typeof SEZIONI_QUESTIONARIO

/** One answer as a form holds it: options of a multi-choice, a single value, or a flag. */
export type SectionAnswer = readonly string[] | string | boolean | null | undefined

/** What {@link encodeSection} writes: header and answers by question id, in question order. */
export interface SectionInput {
  id: string
  title: string
  /** question id → answer, in question order */
  answers: Readonly<Record<string, SectionAnswer>>
}

/** A decoded section. */
export interface DecodedSection {
  id: string
  title: string
  /** question id → values (always a non-empty array; '§' turned back into ','); no prototype */
  answers: Record<string, string[]>
}

/** `{id, title}` of a section (Q1–Q4) as written in compiled payloads (platform-frontend §3.2). */
export function sectionHeader(key: SectionKey): { id: string; title: string } {
  const s = SEZIONI_QUESTIONARIO[key]
  return { id: s.id, title: s.titolo }
}

/**
 * Questions whose value is one free or structured string: never split on ': ' when reading the
 * mass-upload JSON (1 fiscal code, 4 document, 22 date, 23 duration, 28 and 32 free texts, the rating).
 */
export const SINGLE_VALUE_QUESTIONS: ReadonlySet<string> = new Set(['1', '4', '22', '23', '28', '32', '1663320201383'])

/** A section string that cannot be read in any known encoding. */
export class SectionFormatError extends Error {
  override name = 'SectionFormatError'
  constructor(message = 'Sezione del questionario in un formato non riconosciuto') {
    super(message)
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
  override name = 'InvalidQuestionIdError'
  constructor() {
    super('Il questionario contiene un identificativo di domanda non valido.')
  }
}

/** Deepest nesting of arrays/objects accepted in a section (the encodings need 4: section, list, answer map, values). */
export const MAX_SECTION_DEPTH = 8

/** An empty answers map without a prototype: any question id is an ordinary own key. */
export const emptyAnswers = (): Record<string, string[]> => Object.create(null) as Record<string, string[]>

/** Encodes one value: `,` → `§`, `'` → `’`. */
export function encodeValue(value: string): string {
  return value.replace(/,/g, '§').replace(/'/g, '’')
}

/** Values of an answer (blank ones dropped); [] means "omit the question". */
function answerValues(answer: SectionAnswer): string[] {
  if (answer === null || answer === undefined || answer === false) return []
  if (answer === true) return ['true']
  const list: readonly string[] = typeof answer === 'string' ? [answer] : answer
  return list.filter((v) => typeof v === 'string' && v.trim() !== '').map(encodeValue)
}

/**
 * Encodes a section in the contract's encoding (see the module comment). Example:
 * `encodeSection({ id: 'content-service-section', title: 'Informazioni sull’esperienza', answers: { '31': ['Sì, per formazione'] } })`
 * → `{"id":"content-service-section","title":"Informazioni sull’esperienza","properties":[{'31':['Sì§ per formazione']}]}`.
 */
export function encodeSection(section: SectionInput): string {
  const properties = Object.entries(section.answers)
    .map(([qid, answer]) => [qid, answerValues(answer)] as const)
    .filter(([, values]) => values.length > 0)
    .map(([qid, values]) => ({ [qid]: values }))
  return `{"id":${JSON.stringify(section.id)},"title":${JSON.stringify(section.title)},"properties":${JSON.stringify(properties).replace(/"/g, "'")}}`
}

/**
 * Splits a mass-upload multi-value string on ': ' outside parentheses and not right after 'es.'
 * ('Risolvere i problemi tecnici (es.: software e hardware)' stays whole).
 */
export function splitMassUploadValue(value: string): string[] {
  const out: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]
    if (ch === '(') depth++
    else if (ch === ')') depth = Math.max(0, depth - 1)
    else if (ch === ':' && value[i + 1] === ' ' && depth === 0 && !/(?:^|\W)es\.$/.test(value.slice(Math.max(0, i - 4), i))) {
      out.push(value.slice(start, i))
      start = i + 2
      i++
    }
  }
  out.push(value.slice(start))
  return out.map((v) => v.trim()).filter((v) => v !== '')
}

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

/** Parses the text as JSON (mass upload), else as the contract encoding; undefined when neither. */
function parseLoose(text: string): { value: unknown; validJson: boolean } | undefined {
  try {
    return { value: JSON.parse(text), validJson: true }
  } catch { /* contract encoding: try the quote replacement */ }
  const at = text.indexOf('"properties"')
  // the header keeps its double quotes: replace only after "properties" first (a title with a "'"), then everywhere
  const attempts = at >= 0 ? [text.slice(0, at) + text.slice(at).replace(/'/g, '"'), text.replace(/'/g, '"')] : [text.replace(/'/g, '"')]
  for (const attempt of attempts) {
    try {
      return { value: JSON.parse(attempt), validJson: false }
    } catch { /* next */ }
  }
  return undefined
}

/** Values of a raw answer: strings, numbers and booleans as strings; nested arrays flattened; objects as JSON. */
function toStrings(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.flatMap(toStrings)
  if (raw === null || raw === undefined || raw === false || raw === '') return []
  if (typeof raw === 'string') return [raw]
  if (typeof raw === 'number' || typeof raw === 'boolean') return [String(raw)]
  return [JSON.stringify(raw)]
}

/** Normalises a parsed section object; null when it is not one. `massUpload` splits values joined by ': '. */
function normalise(parsed: unknown, massUpload: boolean, singleValue: ReadonlySet<string>): DecodedSection | null {
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null
  const o = parsed as Record<string, unknown>
  const id = typeof o.id === 'string' ? o.id : ''
  const title = typeof o.title === 'string' ? o.title : ''
  const pairs: [string, unknown][] = []
  if (Array.isArray(o.properties)) {
    for (const item of o.properties) {
      if (item && typeof item === 'object' && !Array.isArray(item)) pairs.push(...Object.entries(item as Record<string, unknown>))
    }
  } else if (o.properties && typeof o.properties === 'object') {
    pairs.push(...Object.entries(o.properties as Record<string, unknown>))
  } else if (o.properties !== undefined || (id === '' && Object.keys(o).length > 0)) {
    // properties of another type, or an object that is no section at all ('{}' is the empty section)
    return null
  }
  const answers = emptyAnswers()
  for (const [qid, raw] of pairs) {
    if (RESERVED_QUESTION_IDS.has(qid)) throw new InvalidQuestionIdError()
    let values = toStrings(raw)
    if (massUpload && !singleValue.has(qid)) values = values.flatMap(splitMassUploadValue)
    values = values.map((v) => v.replace(/§/g, ',')).filter((v) => v !== '')
    if (values.length) answers[qid] = [...(answers[qid] ?? []), ...values]
  }
  return { id, title, answers }
}

function decodeOnce(text: string, singleValue: ReadonlySet<string>): DecodedSection | null {
  const parsed = parseLoose(text.trim())
  if (!parsed) return null
  // deeper answers would overflow the stack when flattened: refuse them as unreadable
  if (nestingExceeds(parsed.value, MAX_SECTION_DEPTH)) throw new SectionFormatError()
  // valid JSON is the mass-upload encoding (a contract string with answers is never valid JSON)
  return normalise(parsed.value, parsed.validJson, singleValue)
}

/**
 * Reads a section string in either encoding (contract or mass-upload JSON), falling back to
 * `decodeURIComponent` of the input. `'{}'` (a section not sent) gives an empty section.
 * `singleValueQuestions` lists the questions never split on ': ' (default {@link SINGLE_VALUE_QUESTIONS}).
 * Throws {@link SectionFormatError} when nothing can read it (`''` included), {@link InvalidQuestionIdError}
 * for a reserved question id.
 */
export function decodeSection(text: string, singleValueQuestions: ReadonlySet<string> = SINGLE_VALUE_QUESTIONS): DecodedSection {
  if (text.trim() === '') throw new SectionFormatError()
  const direct = decodeOnce(text, singleValueQuestions)
  if (direct) return direct
  let uriDecoded: string | null
  try {
    uriDecoded = decodeURIComponent(text)
  } catch {
    uriDecoded = null
  }
  if (uriDecoded !== null && uriDecoded !== text && uriDecoded.trim() !== '') {
    const viaUri = decodeOnce(uriDecoded, singleValueQuestions)
    if (viaUri) return viaUri
  }
  throw new SectionFormatError()
}

/** True for the literal '{}' (or empty) sent for sections already compiled (platform-frontend §3.5). */
export function isEmptySection(text: string): boolean {
  const t = text.trim()
  return t === '' || t === '{}'
}

/** The answers of one question (empty when unanswered). */
export function answersOf(section: DecodedSection, questionId: string): string[] {
  return Object.hasOwn(section.answers, questionId) ? (section.answers[questionId] ?? []) : []
}
