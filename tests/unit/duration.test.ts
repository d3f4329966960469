import { describe, expect, it } from 'vitest'
import {
  durationError,
  durationToMinutes,
  isValidDuration,
  minutesToDuration,
  normalizeDuration,
  padDuration,
} from '../../src/lib/duration'

describe('duration input (spec 000 §5; issue 8 point 8)', () => {
  it.each([
    ['5', '5:00'],
    ['12:', '12:00'],
    ['1:5', '1:05'],
    ['1:50', '1:50'],
    ['100', '100:00'],
    ['123:59', '123:59'],
    ['1.30', '1:30'],
    ['1,30', '1:30'],
    [' 2:15 ', '2:15'],
    ['', ''],
  ])('normalises the unambiguous %j → %j', (raw, kept) => {
    expect(normalizeDuration(raw)).toBe(kept)
    expect(padDuration(raw)).toBe(kept)
    expect(durationError(raw)).toBeNull()
  })

  // the examples: '1:75' became '1:07', '1234:00' became '123:00', '+2' became '2:00'
  it.each([
    ['1:75', 'I minuti vanno da 00 a 59: forse intendevi 2:15?'],
    ['1:60', 'I minuti vanno da 00 a 59: forse intendevi 2:00?'],
    ['1234:00', 'Le ore possono avere al massimo 3 cifre (fino a 999).'],
    ['1234', 'Le ore possono avere al massimo 3 cifre (fino a 999).'],
    ['+2', 'La durata non può avere il segno + o -: scrivi solo ore e minuti, ad esempio 2:00.'],
    ['-1:00', 'La durata non può avere il segno + o -: scrivi solo ore e minuti, ad esempio 2:00.'],
    ['1,5', 'Separa ore e minuti con i due punti: per un’ora e mezza scrivi 1:30, per un’ora e cinque minuti 1:05.'],
    ['1.75', 'Separa ore e minuti con i due punti: per un’ora e mezza scrivi 1:30, per un’ora e cinque minuti 1:05.'],
    ['12:345', 'I minuti vanno scritti con due cifre, da 00 a 59.'],
    [':30', 'Indica le ore prima dei due punti, anche 0: ad esempio 0:45.'],
    ['1h30', 'Scrivi la durata con cifre, nel formato ore:minuti, ad esempio 1:30.'],
    ['1::2', 'Scrivi la durata con cifre, nel formato ore:minuti, ad esempio 1:30.'],
    ['a', 'Scrivi la durata con cifre, nel formato ore:minuti, ad esempio 1:30.'],
  ])('keeps the invalid %j as typed and explains it', (raw, message) => {
    expect(normalizeDuration(raw)).toBe(raw)
    expect(durationError(raw)).toBe(message)
  })

  it('an overflowing minute count with no valid equivalent is explained without a suggestion', () => {
    expect(durationError('999:99')).toBe('I minuti vanno da 00 a 59.')
  })

  it('validates complete values and converts to minutes', () => {
    expect(isValidDuration('1:05')).toBe(true)
    expect(isValidDuration('999:59')).toBe(true)
    expect(isValidDuration('1:5')).toBe(false)
    expect(isValidDuration('1:60')).toBe(false)
    expect(durationToMinutes('2:30')).toBe(150)
    expect(durationToMinutes('0:45')).toBe(45)
    expect(durationToMinutes('1:75')).toBeNull()
    expect(minutesToDuration(150)).toBe('2:30')
    expect(minutesToDuration(5)).toBe('0:05')
    expect(minutesToDuration(-1)).toBeNull()
    expect(minutesToDuration(1000 * 60)).toBeNull()
  })
})
