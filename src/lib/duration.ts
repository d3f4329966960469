/**
 * Duration input "hh:mm" (spec 000 §5 "Duration input"): hours up to 3 digits, minutes up to 2 digits
 * and at most 59, no plus or minus sign, input length 1 to 6; on blur the value is padded
 * ('5' → '5:00', '1:5' → '1:05').
 */

const DRAFT = /^(\d{1,3})(?::(\d{0,2}))?$/
const COMPLETE = /^(\d{1,3}):(\d{2})$/

/** True when `raw` may stand in the field while typing ('' is allowed, to clear the field). */
export function isDurationDraft(raw: string): boolean {
  if (raw === '') return true
  if (raw.length > 6) return false
  const m = DRAFT.exec(raw)
  if (!m) return false
  const minutes = m[2]
  return minutes === undefined || minutes.length < 2 || Number(minutes) <= 59
}

/** Keystroke filter: returns the accepted next value, or the previous one when `next` breaks the rules. */
export function acceptDurationInput(previous: string, next: string): string {
  return isDurationDraft(next) ? next : previous
}

/** Blur padding: '5' → '5:00', '1:5' → '1:05', '12:' → '12:00'; values that break the rules stay as they are. */
export function padDuration(raw: string): string {
  const value = raw.trim()
  if (value === '' || !isDurationDraft(value)) return value
  const m = DRAFT.exec(value)
  if (!m) return value
  const hours = m[1] ?? '0'
  const minutes = m[2] ?? ''
  return `${hours}:${minutes.padStart(2, '0')}`
}

/** True for a complete value: 1–3 hour digits, ':' and two minute digits ≤ 59. */
export function isValidDuration(value: string): boolean {
  const m = COMPLETE.exec(value)
  return m !== null && Number(m[2]) <= 59
}

/** Minutes of a complete duration, or null when it is not valid. */
export function durationToMinutes(value: string): number | null {
  const m = COMPLETE.exec(value)
  if (!m || Number(m[2]) > 59) return null
  return Number(m[1]) * 60 + Number(m[2])
}

/** 'h:mm' from minutes (0 ≤ minutes ≤ 999 h 59 m); null outside that range. */
export function minutesToDuration(total: number): string | null {
  if (!Number.isInteger(total) || total < 0 || total > 999 * 60 + 59) return null
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`
}
