/**
 * Compiled survey sections on the wire (platform-frontend §3.5; common brief "Survey sections").
 *
 * Contract encoding (written by the app): an outer JSON object with double quotes
 * `{"id":"…","title":"…","properties":[…]}` whose `properties` is an array of one-key objects
 * `{ '<questionId>': ['<value>', …] }` in which EVERY double quote is replaced by a single quote — so the
 * whole string is not valid JSON. Values are arrays of strings (multi-choice: one item per option; ids 25
 * and 26 included); inside a value `,` becomes `§` and `'` becomes `’`; empty and false answers are omitted.
 *
 * Readers accept that, the same string URI-encoded, and the mass-upload encoding (platform-frontend §7.4:
 * valid JSON, several values joined by ': ' in one string). Decoding turns `§` back into `,`.
 */
import { SEZIONI_QUESTIONARIO } from '../api/contract/enums'

export type SectionKey = keyof typeof SEZIONI_QUESTIONARIO

/** One answer as a form holds it: options of a multi-choice, a single value, or a flag. */
export type SectionAnswer = string[] | string | boolean | null | undefined

export interface SectionInput {
  id: string
  title: string
  /** question id → answer, in question order */
  answers: Record<string, SectionAnswer>
}

export interface DecodedSection {
  id: string
  title: string
  /** question id → values (always an array; '§' turned back into ',') */
  answers: Record<string, string[]>
}

/** `{id, title}` of a section (Q1–Q4) as written in compiled payloads (platform-frontend §3.2). */
export function sectionHeader(key: SectionKey): { id: string; title: string } {
  const s = SEZIONI_QUESTIONARIO[key]
  return { id: s.id, title: s.titolo }
}

/** Questions whose value is one free/structured string: never split on ': ' when reading mass-upload JSON. */
export const SINGLE_VALUE_QUESTIONS: ReadonlySet<string> = new Set(['1', '4', '22', '23', '28', '32', '1663320201383'])

/** A section string that cannot be read in any known encoding. */
export class SectionFormatError extends Error {
  override readonly name = 'SectionFormatError'
  constructor(readonly input: string) {
    super('Sezione del questionario in un formato non riconosciuto')
  }
}

/** Encodes one value: `,` → `§`, `'` → `’`. */
export function encodeValue(value: string): string {
  return value.replace(/,/g, '§').replace(/'/g, '’')
}

/** Values of an answer (empty ones dropped); [] means "omit the question". */
function answerValues(answer: SectionAnswer): string[] {
  if (answer === null || answer === undefined || answer === false) return []
  if (answer === true) return ['true']
  const list = Array.isArray(answer) ? answer : [answer]
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
  const marker = '"__properties__"'
  const outer = JSON.stringify({ id: section.id, title: section.title, properties: '__properties__' })
  return outer.replace(marker, JSON.stringify(properties).replace(/"/g, "'"))
}

/** Splits a mass-upload multi-value string on ': ' outside parentheses ('(es.: …)' stays whole). */
export function splitMassUploadValue(value: string): string[] {
  const out: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]
    if (ch === '(') depth++
    else if (ch === ')') depth = Math.max(0, depth - 1)
    else if (ch === ':' && value[i + 1] === ' ' && depth === 0) {
      out.push(value.slice(start, i))
      start = i + 2
      i++
    }
  }
  out.push(value.slice(start))
  return out.map((v) => v.trim()).filter((v) => v !== '')
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

const decodeValue = (v: string) => v.replace(/§/g, ',')

function toStrings(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.flatMap(toStrings)
  if (typeof raw === 'string') return [raw]
  if (typeof raw === 'number' || typeof raw === 'boolean') return [String(raw)]
  return []
}

/** Normalises a parsed section object; `massUpload` splits multi-values joined by ': '. */
function normalise(parsed: unknown, massUpload: boolean, singleValue: ReadonlySet<string>): DecodedSection | null {
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null
  const o = parsed as { id?: unknown; title?: unknown; properties?: unknown }
  const pairs: [string, unknown][] = []
  if (Array.isArray(o.properties)) {
    for (const item of o.properties) {
      if (item && typeof item === 'object' && !Array.isArray(item)) pairs.push(...Object.entries(item as Record<string, unknown>))
    }
  } else if (o.properties && typeof o.properties === 'object') {
    pairs.push(...Object.entries(o.properties as Record<string, unknown>))
  } else if (o.properties !== undefined) {
    return null
  }
  const answers: Record<string, string[]> = {}
  for (const [qid, raw] of pairs) {
    let values = toStrings(raw)
    if (massUpload && !singleValue.has(qid)) values = values.flatMap(splitMassUploadValue)
    values = values.map(decodeValue).filter((v) => v !== '')
    if (values.length) answers[qid] = [...(answers[qid] ?? []), ...values]
  }
  return { id: typeof o.id === 'string' ? o.id : '', title: typeof o.title === 'string' ? o.title : '', answers }
}

function decodeOnce(text: string, singleValue: ReadonlySet<string>): DecodedSection | null {
  const trimmed = text.trim()
  if (trimmed === '' || trimmed === '{}') return { id: '', title: '', answers: {} }
  const asJson = tryParse(trimmed)
  if (asJson !== undefined) {
    // valid JSON: the mass-upload encoding (a contract string with answers is never valid JSON)
    const props = (asJson as { properties?: unknown } | null)?.properties
    const hasAnswers = Array.isArray(props) ? props.length > 0 : !!props
    return normalise(asJson, hasAnswers, singleValue)
  }
  const contract = tryParse(trimmed.replace(/'/g, '"'))
  return contract !== undefined ? normalise(contract, false, singleValue) : null
}

/**
 * Reads a section string in either encoding (contract or mass-upload JSON), falling back to
 * `decodeURIComponent` of the input. `''` and `'{}'` (sections not sent) give an empty section.
 * `singleValueQuestions` lists the questions never split on ': ' (default {@link SINGLE_VALUE_QUESTIONS}).
 * Throws {@link SectionFormatError} when nothing can read it.
 */
export function decodeSection(text: string, singleValueQuestions: ReadonlySet<string> = SINGLE_VALUE_QUESTIONS): DecodedSection {
  const direct = decodeOnce(text, singleValueQuestions)
  if (direct) return direct
  let uriDecoded: string | null
  try {
    uriDecoded = decodeURIComponent(text)
  } catch {
    uriDecoded = null
  }
  if (uriDecoded !== null && uriDecoded !== text) {
    const viaUri = decodeOnce(uriDecoded, singleValueQuestions)
    if (viaUri) return viaUri
  }
  throw new SectionFormatError(text)
}

/** True for the literal '{}' (or empty) sent for sections already compiled (platform-frontend §3.5). */
export function isEmptySection(text: string): boolean {
  const t = text.trim()
  return t === '' || t === '{}'
}
