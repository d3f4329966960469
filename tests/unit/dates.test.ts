import { describe, expect, it } from 'vitest'
import {
  expandTwoDigitYear,
  DATE_DISPLAY_PLACEHOLDER,
  displayDateOrText,
  formatDisplayDate,
  formatDisplayDateTime,
  formatDisplayTime,
  isCalendarDate,
  parseInputDate,
  parseWireDate,
  toWireDate,
} from '../../src/lib/dates'

const REF = new Date(2025, 5, 15)

describe('dates (spec 000 §5, §9)', () => {
  it('displays DD-MM-YYYY from wire dates without time-zone shifts', () => {
    expect(formatDisplayDate('2024-03-07')).toBe('07-03-2024')
    expect(formatDisplayDate('1999-12-31')).toBe('31-12-1999')
    expect(formatDisplayDate(new Date(2023, 0, 2, 23, 59))).toBe('02-01-2023')
    expect(formatDisplayDate('not a date')).toBe('')
  })

  it('displays list timestamps DD-MM-YYYY HH:mm', () => {
    expect(formatDisplayDateTime(new Date(2024, 10, 5, 9, 7))).toBe('05-11-2024 09:07')
    expect(formatDisplayTime(new Date(2024, 10, 5, 9, 7))).toBe('09:07')
  })

  it('reads only unambiguous texts: wire dates, DD-MM-YYYY, ISO timestamps (issue 8 point 6)', () => {
    expect(formatDisplayDate('2026-05-12')).toBe('12-05-2026')
    expect(formatDisplayDate('12-05-2026')).toBe('12-05-2026')
    expect(formatDisplayDate('05/12/2026')).toBe('05-12-2026')
    expect(formatDisplayDate(new Date(2026, 4, 12, 10).toISOString())).toBe('12-05-2026')
    // not calendar days, or texts the engine would guess at
    expect(formatDisplayDate('2024-02-30')).toBe('')
    expect(formatDisplayDate('May 12, 2026')).toBe('')
    expect(formatDisplayDate('12-05-26')).toBe('')
  })

  it('answers show dates DD-MM-YYYY and anything else as stored', () => {
    expect(displayDateOrText('2026-05-12')).toBe('12-05-2026')
    expect(displayDateOrText('domani')).toBe('domani')
    expect(DATE_DISPLAY_PLACEHOLDER).toBe('gg-mm-aaaa')
  })

  it('gives wire dates YYYY-MM-DD', () => {
    expect(toWireDate(new Date(2024, 1, 29))).toBe('2024-02-29')
  })

  it('expands two-digit years like codice-fiscale-js (≤ current yy → 20yy)', () => {
    expect(expandTwoDigitYear(24, REF)).toBe(2024)
    expect(expandTwoDigitYear(25, REF)).toBe(2025)
    expect(expandTwoDigitYear(26, REF)).toBe(1926)
    expect(expandTwoDigitYear(92, REF)).toBe(1992)
    expect(expandTwoDigitYear(0, REF)).toBe(2000)
  })

  it.each([
    ['07/03/24', '2024-03-07'],
    ['7/3/24', '2024-03-07'],
    ['31/12/99', '1999-12-31'],
    ['29/02/2024', '2024-02-29'],
    ['01-01-2025', '2025-01-01'],
    [' 15.06.25 ', '2025-06-15'],
  ])('parses input %j → %s', (input, iso) => {
    expect(parseInputDate(input, REF)).toBe(iso)
  })

  it.each(['31/02/24', '29/02/2023', '00/01/24', '12/13/24', '2024-03-07', '1/1/2', 'abc', ''])('rejects input %j', (input) => {
    expect(parseInputDate(input, REF)).toBeNull()
  })

  it('checks calendar dates', () => {
    expect(isCalendarDate(2024, 2, 29)).toBe(true)
    expect(isCalendarDate(2100, 2, 29)).toBe(false)
    expect(parseWireDate('2024-04-31')).toBeNull()
    expect(parseWireDate('2024-04-30')).toEqual({ year: 2024, month: 4, day: 30 })
  })
})
