/**
 * Date display and input (spec 000 §5, §9; platform-frontend §10.4): display 'DD-MM-YYYY', list
 * timestamps 'DD-MM-YYYY HH:mm', wire dates 'YYYY-MM-DD', input 'dd/mm/yy' (or 'dd/mm/yyyy').
 * Wire dates ('YYYY-MM-DD') are read as calendar dates, never shifted by the time zone.
 */

const WIRE_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const INPUT_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/

const pad = (n: number, len = 2) => String(n).padStart(len, '0')

/** True when year/month/day form a real calendar date. */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false
  if (month < 1 || month > 12 || day < 1) return false
  const d = new Date(Date.UTC(year, month - 1, day))
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day
}

function parts(value: Date | string | number): { y: number; m: number; d: number; h: number; min: number } | null {
  if (typeof value === 'string') {
    const w = WIRE_DATE.exec(value)
    if (w) return { y: Number(w[1]), m: Number(w[2]), d: Number(w[3]), h: 0, min: 0 }
  }
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return null
  return { y: date.getFullYear(), m: date.getMonth() + 1, d: date.getDate(), h: date.getHours(), min: date.getMinutes() }
}

/** 'DD-MM-YYYY' for a Date, epoch millis, ISO timestamp or 'YYYY-MM-DD'; '' when unreadable. */
export function formatDisplayDate(value: Date | string | number): string {
  const p = parts(value)
  return p ? `${pad(p.d)}-${pad(p.m)}-${pad(p.y, 4)}` : ''
}

/** 'DD-MM-YYYY HH:mm' (local time); '' when unreadable. */
export function formatDisplayDateTime(value: Date | string | number): string {
  const p = parts(value)
  return p ? `${pad(p.d)}-${pad(p.m)}-${pad(p.y, 4)} ${pad(p.h)}:${pad(p.min)}` : ''
}

/** 'YYYY-MM-DD' of a local Date (the wire format of service dates). */
export function toWireDate(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/**
 * Two-digit year to four digits: 20yy when yy ≤ the reference year's yy, otherwise 19yy
 * (the same rule codice-fiscale-js applies).
 */
export function expandTwoDigitYear(yy: number, reference: Date = new Date()): number {
  const refYY = reference.getFullYear() % 100
  const century = Math.floor(reference.getFullYear() / 100) * 100
  return yy <= refYY ? century + yy : century - 100 + yy
}

/**
 * Parses the date input 'dd/mm/yy' or 'dd/mm/yyyy' ('-' and '.' also accepted as separators) into
 * 'YYYY-MM-DD'; null when it is not a real date.
 */
export function parseInputDate(input: string, reference: Date = new Date()): string | null {
  const m = INPUT_DATE.exec(input.trim())
  if (!m) return null
  const day = Number(m[1])
  const month = Number(m[2])
  const rawYear = m[3] ?? ''
  const year = rawYear.length === 2 ? expandTwoDigitYear(Number(rawYear), reference) : Number(rawYear)
  if (!isCalendarDate(year, month, day)) return null
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`
}

/** Parses 'YYYY-MM-DD' into its numbers; null when not a real date. */
export function parseWireDate(value: string): { year: number; month: number; day: number } | null {
  const m = WIRE_DATE.exec(value)
  if (!m) return null
  const year = Number(m[1])
  const month = Number(m[2])
  const day = Number(m[3])
  return isCalendarDate(year, month, day) ? { year, month, day } : null
}
