/**
 * Shared validation rules of spec 000 §5: formats, preset limits, the generic field check,
 * textarea truncation and rich-text emptiness. Messages are Italian and ready to show next to a field.
 * The fiscal-code checksum lives in `fiscal-code.ts` (lazy library); here only its 16-character shape.
 */
import { countLabel } from './plural'

export const REQUIRED_NOTE = '*Campo obbligatorio'
export const MSG_REQUIRED = 'Campo obbligatorio'
export const TEXTAREA_MAX = 1500
export const RICH_TEXT_MAX = 1500

const NAME_CHARS = "\\p{L}'’\\- "

/** Format patterns (spec 000 §5 "Formats"). */
export const PATTERNS = {
  email: /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/,
  digits: /^\d+$/,
  cap: /^\d{5}$/,
  partitaIva: /^\d{11}$/,
  telephone: /^\d{6,20}$/,
  mobile: /^(?=(?:[ -]*\d){5,15}[ -]*$)\d[\d -]*$/,
  prefix: /^\+\d{1,4}$/,
  time: /^(?:[01]\d|2[0-3]):[0-5]\d$/,
  timestamp: /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?:[T ](?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?$/,
  documentNumber: /^[A-Za-z0-9_.-]{5,10}$/,
  nameSurname: new RegExp(`^(?!.*[çÇ])(?=.*\\p{L})[${NAME_CHARS}]{1,30}$`, 'u'),
  registryName: new RegExp(`^(?!.*[çÇ])(?=.*\\p{L})[${NAME_CHARS}]{2,30}$`, 'u'),
  password: /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[#$@!%&*?])[A-Za-z\d#$@!%&*?]{8,64}$/,
  url: /^https?:\/\/[^\s/?#.][^\s/?#]*(?:[/?#]\S*)?$/i,
  fiscalCodeShape: /^[A-Z0-9]{16}$/,
} as const

export type FormatName = keyof typeof PATTERNS

/** Italian message shown when a value breaks its format. */
export const FORMAT_MESSAGES: Record<FormatName, string> = {
  email: 'Inserisci un indirizzo email valido',
  digits: 'Inserisci solo cifre',
  cap: 'Il CAP deve avere 5 cifre',
  partitaIva: 'La partita IVA deve avere 11 cifre',
  telephone: 'Il numero di telefono deve avere da 6 a 20 cifre',
  mobile: 'Il numero di cellulare deve avere da 5 a 15 cifre (spazi e trattini ammessi)',
  prefix: 'Il prefisso deve iniziare con + seguito da cifre',
  time: "Inserisci un orario valido nel formato HH:MM (00:00–23:59)",
  timestamp: 'Inserisci una data e ora valide (AAAA-MM-GG hh:mm)',
  documentNumber: 'Il numero del documento deve avere da 5 a 10 caratteri tra lettere, cifre e _ . -',
  nameSurname: 'Massimo 30 lettere; sono ammessi accenti, apostrofo e trattino (non ! # § ç @ °)',
  registryName: 'Da 2 a 30 lettere; sono ammessi accenti, apostrofo e trattino',
  password: 'Da 8 a 64 caratteri con almeno una minuscola, una maiuscola, una cifra e uno tra # $ @ ! % & * ?',
  url: "Inserisci un indirizzo che inizi con http:// o https://",
  fiscalCodeShape: 'Il codice fiscale deve avere 16 caratteri tra lettere e cifre',
}

/** True when `value` matches the named format (the timestamp also has to be a real calendar date). */
export function matchesFormat(format: FormatName, value: string): boolean {
  if (!PATTERNS[format].test(value)) return false
  if (format === 'timestamp') {
    const [y, m, d] = value.slice(0, 10).split('-').map(Number)
    const date = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 0))
    return date.getUTCDate() === d
  }
  return true
}

/** Message for a format, or null when the value matches. */
export function formatError(format: FormatName, value: string): string | null {
  return matchesFormat(format, value) ? null : FORMAT_MESSAGES[format]
}

/** Preset length limits (spec 000 §5 "Preset limits"), in characters (phone: digits). */
export const PRESET_LIMITS = {
  codiceFiscale: { minimum: 16, maximum: 16 },
  cognome: { minimum: 2, maximum: 30 },
  nome: { minimum: 2, maximum: 30 },
  email: { minimum: 5, maximum: 50 },
  partitaIva: { minimum: 11, maximum: 11 },
  telefono: { minimum: 6, maximum: 20 },
} as const

export type PresetName = keyof typeof PRESET_LIMITS

/** Generic form field description (the subset of the spec 000 §3 field model the check needs). */
export interface FieldRule {
  type?: 'text' | 'number' | 'date' | 'boolean' | 'select'
  required?: boolean
  format?: FormatName
  preset?: PresetName
  /** text: min length; number: min value; date: earliest 'YYYY-MM-DD' */
  minimum?: number | string
  /** text: max length; number: max value; date: latest 'YYYY-MM-DD' */
  maximum?: number | string
}

export interface FieldCheck {
  valid: boolean
  message: string | null
}

const ok: FieldCheck = { valid: true, message: null }
const fail = (message: string): FieldCheck => ({ valid: false, message })

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true
  if (typeof value === 'string') return value.trim() === ''
  if (Array.isArray(value)) return value.length === 0
  return false
}

/**
 * Generic field check (spec 000 §5 "Generic field checks"): an untouched field is valid; an empty
 * optional field is valid; a required field must be non-empty and valid; booleans must be booleans
 * (a required boolean must be true); dates are compared with minimum/maximum; text length is bounded by
 * minimum/maximum (or the preset); numbers are compared by value.
 */
export function checkField(rule: FieldRule, value: unknown, touched = true): FieldCheck {
  if (!touched) return ok
  const type = rule.type ?? 'text'
  if (type === 'boolean') {
    if (typeof value !== 'boolean') return rule.required || value !== undefined ? fail('Valore non valido') : ok
    return rule.required && !value ? fail(MSG_REQUIRED) : ok
  }
  if (isEmpty(value)) return rule.required ? fail(MSG_REQUIRED) : ok
  if (type === 'number') {
    const n = typeof value === 'number' ? value : Number(String(value).replace(',', '.'))
    if (!Number.isFinite(n)) return fail('Inserisci un numero')
    if (typeof rule.minimum === 'number' && n < rule.minimum) return fail(`Il valore minimo è ${rule.minimum}`)
    if (typeof rule.maximum === 'number' && n > rule.maximum) return fail(`Il valore massimo è ${rule.maximum}`)
    return ok
  }
  if (type === 'date') {
    const s = String(value)
    if (!matchesFormat('timestamp', s)) return fail('Inserisci una data valida')
    const day = s.slice(0, 10)
    if (typeof rule.minimum === 'string' && day < rule.minimum.slice(0, 10)) return fail('La data è precedente a quella minima consentita')
    if (typeof rule.maximum === 'string' && day > rule.maximum.slice(0, 10)) return fail('La data è successiva a quella massima consentita')
    return ok
  }
  if (type === 'select') return ok
  const text = String(value).trim()
  const preset = rule.preset ? PRESET_LIMITS[rule.preset] : undefined
  const min = typeof rule.minimum === 'number' ? rule.minimum : preset?.minimum
  const max = typeof rule.maximum === 'number' ? rule.maximum : preset?.maximum
  const length = rule.preset === 'telefono' ? text.replace(/\D/g, '').length : [...text].length
  const units = (n: number) => (rule.preset === 'telefono' ? countLabel(n, 'cifra', 'cifre') : countLabel(n, 'carattere', 'caratteri'))
  if (min !== undefined && length < min) return fail(min === max ? `Inserisci ${units(min)}` : `Inserisci almeno ${units(min)}`)
  if (max !== undefined && length > max) return fail(`Inserisci al massimo ${units(max)}`)
  if (rule.format) return matchesFormat(rule.format, text) ? ok : fail(FORMAT_MESSAGES[rule.format])
  return ok
}

/** Textarea value cut to `max` characters (default 1500, spec 000 §5). */
export function truncateText(text: string, max: number = TEXTAREA_MAX): string {
  const chars = [...text]
  return chars.length > max ? chars.slice(0, max).join('') : text
}

/** Plain text of rich-text markup (tags removed, common entities decoded, whitespace collapsed). */
export function richTextPlain(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6])\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&amp;/gi, '&')
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&quot;/gi, '"')
    .replace(/&#39;|&apos;/gi, "'")
    .replace(/[\s\u200B]+/g, ' ')
    .trim()
}

/** True when the markup holds no text (e.g. '<p></p>', '<p><br></p>', '<p>&nbsp;</p>'). */
export function isRichTextEmpty(html: string | null | undefined): boolean {
  return !html || richTextPlain(html).length === 0
}

/** Rich-text limit: further input is refused once the plain text would exceed `max` (default 1500). */
export function acceptsRichText(html: string, max: number = RICH_TEXT_MAX): boolean {
  return [...richTextPlain(html)].length <= max
}
