/**
 * Date display and input (spec 000 §5, §9; spec 002 §9; platform-frontend §10.4): every date a user
 * reads is 'DD-MM-YYYY' (`formatDisplayDate`), list timestamps 'DD-MM-YYYY HH:mm'
 * (`formatDisplayDateTime`), times 'HH:mm' (`formatDisplayTime`); wire dates 'YYYY-MM-DD', input
 * 'dd/mm/yy' (or 'dd/mm/yyyy'). These are the only date formatters of the app: screens never print a
 * wire date or call `toLocale…String` themselves.
 * Wire dates ('YYYY-MM-DD') are read as calendar dates, never shifted by the time zone; a text already
 * written 'DD-MM-YYYY' (or 'DD/MM/YYYY') reads as that day; other strings are read only when they are
 * ISO 8601 timestamps (never through the engine's lenient `Date` parsing, which reads '05-12-2026' as
 * 12 May in some engines and 5 December in others).
 */

const WIRE_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DISPLAY_DATE = /^(\d{2})[-/](\d{2})[-/](\d{4})$/
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/
/** Placeholder of a date to be written by hand (blank printed forms): the display format in Italian. */
export const DATE_DISPLAY_PLACEHOLDER = 'gg-mm-aaaa'
const INPUT_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/

const pad = (n: number, len = 2) => String(n).padStart(len, '0')

/** True when year/month/day form a real calendar date. */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false
  if (month < 1 || month > 12 || day < 1) return false
  const d = new Date(Date.UTC(year, month - 1, day))
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day
}

function calendar(y: number, m: number, d: number): { y: number; m: number; d: number; h: number; min: number } | null {
  return isCalendarDate(y, m, d) ? { y, m, d, h: 0, min: 0 } : null
}

function parts(value: Date | string | number): { y: number; m: number; d: number; h: number; min: number } | null {
  if (typeof value === 'string') {
    const text = value.trim()
    const w = WIRE_DATE.exec(text)
    if (w) return calendar(Number(w[1]), Number(w[2]), Number(w[3]))
    const d = DISPLAY_DATE.exec(text)
    if (d) return calendar(Number(d[3]), Number(d[2]), Number(d[1]))
    if (!ISO_TIMESTAMP.test(text)) return null
    value = text
  }
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return null
  return { y: date.getFullYear(), m: date.getMonth() + 1, d: date.getDate(), h: date.getHours(), min: date.getMinutes() }
}

/** 'DD-MM-YYYY' for a Date, epoch millis, ISO timestamp, 'YYYY-MM-DD' or 'DD-MM-YYYY'; '' when unreadable. */
export function formatDisplayDate(value: Date | string | number): string {
  const p = parts(value)
  return p ? `${pad(p.d)}-${pad(p.m)}-${pad(p.y, 4)}` : ''
}

const MESI = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre']

/** '30 giugno 2026': the long Italian date of running text (the privacy notice's periods, issue 28); '' when unreadable. */
export function formatLongDate(value: Date | string | number): string {
  const p = parts(value)
  return p ? `${p.d} ${MESI[p.m - 1]} ${p.y}` : ''
}

/** 'DD-MM-YYYY HH:mm' (local time); '' when unreadable. */
export function formatDisplayDateTime(value: Date | string | number): string {
  const p = parts(value)
  return p ? `${pad(p.d)}-${pad(p.m)}-${pad(p.y, 4)} ${pad(p.h)}:${pad(p.min)}` : ''
}

/** 'HH:mm' (local time) of a Date, epoch millis or ISO timestamp; '' when unreadable. */
export function formatDisplayTime(value: Date | string | number): string {
  const p = parts(value)
  return p ? `${pad(p.h)}:${pad(p.min)}` : ''
}

/**
 * An answer or field value as shown to the user: a date (wire, ISO timestamp or already displayed) as
 * 'DD-MM-YYYY', anything unreadable as it is (never blanked: the user still sees what was stored).
 */
export function displayDateOrText(value: string): string {
  return formatDisplayDate(value) || value
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

const ROME = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
})

/**
 * 'DD-MM-YYYY HH:mm' in Italian time (Europe/Rome, summer time included) whatever the device's time zone,
 * for instants (Date, epoch millis, ISO timestamp): e.g. 'Dati aggiornati al …'; '' when unreadable.
 */
export function formatRomeDateTime(value: Date | string | number): string {
  if (typeof value === 'string' && !ISO_TIMESTAMP.test(value.trim())) return ''
  const date = value instanceof Date ? value : new Date(typeof value === 'string' ? value.trim() : value)
  if (Number.isNaN(date.getTime())) return ''
  const p = Object.fromEntries(ROME.formatToParts(date).map((x) => [x.type, x.value]))
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`
}
