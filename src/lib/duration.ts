/**
 * Duration "hh:mm" (spec 000 §5 "Duration input", spec 002 §5, §9): hours up to 3 digits, minutes two
 * digits and at most 59, no plus or minus sign, 1 to 6 characters.
 *
 * What the user types is never rewritten into another value (issue 8 point 8): a valid entry is
 * normalised only where it can mean one thing ('5' → '5:00', '12:' → '12:00', '1:5' → '1:05' as the
 * spec pads, '1.30' / '1,30' → '1:30' from phone keypads without ':'); anything else — '1:75',
 * '1234:00', '+2', '1,5' — stays exactly as typed and `durationError` says in Italian what is wrong.
 */

const COMPLETE = /^(\d{1,3}):(\d{2})$/
const HOURS_ONLY = /^(\d{1,3}):?$/
const ONE_MINUTE_DIGIT = /^(\d{1,3}):(\d)$/
const KEYPAD_SEPARATOR = /^(\d{1,3})[.,](\d{2})$/
const MAX_MINUTES = 59

/**
 * The value to keep on leaving the field: `raw` (trimmed) normalised to 'h:mm' when that is unambiguous
 * (see the module comment), otherwise `raw` exactly as typed (trimmed). Never throws.
 */
export function normalizeDuration(raw: string): string {
  const value = raw.trim()
  let m = HOURS_ONLY.exec(value)
  if (m) return `${m[1]}:00`
  m = ONE_MINUTE_DIGIT.exec(value)
  if (m) return `${m[1]}:0${m[2]}`
  m = KEYPAD_SEPARATOR.exec(value)
  if (m && Number(m[2]) <= MAX_MINUTES) return `${m[1]}:${m[2]}`
  return value
}

/** Spec name of {@link normalizeDuration}: the blur padding ('5' → '5:00', '1:5' → '1:05'). */
export const padDuration = normalizeDuration

/** True for a complete value: 1–3 hour digits, ':' and two minute digits ≤ 59. */
export function isValidDuration(value: string): boolean {
  const m = COMPLETE.exec(value)
  return m !== null && Number(m[2]) <= MAX_MINUTES
}

/** The same amount written correctly, when minutes overflow ('1:75' → '2:15'); null when not applicable. */
function carried(hours: string, minutes: string): string | null {
  const total = Number(hours) * 60 + Number(minutes)
  return minutesToDuration(total)
}

/**
 * Why `raw` is not a duration, in Italian (for the field's error), or null when it is valid once
 * normalised, or empty (whether it is required is the form's business).
 */
export function durationError(raw: string): string | null {
  const typed = raw.trim()
  if (typed === '') return null
  const value = normalizeDuration(typed)
  if (isValidDuration(value)) return null
  if (/[+-]/.test(value)) return 'La durata non può avere il segno + o -: scrivi solo ore e minuti, ad esempio 2:00.'
  const parts = /^(\d*)([:.,])(\d*)$/.exec(value) ?? (/^\d+$/.test(value) ? [value, value, '', ''] : null)
  if (!parts) return 'Scrivi la durata con cifre, nel formato ore:minuti, ad esempio 1:30.'
  const [, hours = '', separator = '', minutes = ''] = parts
  if (hours === '') return 'Indica le ore prima dei due punti, anche 0: ad esempio 0:45.'
  if (hours.length > 3) return 'Le ore possono avere al massimo 3 cifre (fino a 999).'
  if (separator === '.' || separator === ',') {
    return 'Separa ore e minuti con i due punti: per un’ora e mezza scrivi 1:30, per un’ora e cinque minuti 1:05.'
  }
  if (minutes.length > 2) return 'I minuti vanno scritti con due cifre, da 00 a 59.'
  const fixed = carried(hours, minutes)
  return `I minuti vanno da 00 a 59${fixed ? `: forse intendevi ${fixed}?` : '.'}`
}

/** Minutes of a complete duration, or null when it is not valid. */
export function durationToMinutes(value: string): number | null {
  const m = COMPLETE.exec(value)
  if (!m || Number(m[2]) > MAX_MINUTES) return null
  return Number(m[1]) * 60 + Number(m[2])
}

/** 'h:mm' from minutes (0 ≤ minutes ≤ 999 h 59 m); null outside that range. */
export function minutesToDuration(total: number): string | null {
  if (!Number.isInteger(total) || total < 0 || total > 999 * 60 + 59) return null
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`
}
