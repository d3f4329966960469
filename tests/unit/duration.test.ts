import { describe, expect, it } from 'vitest'
import {
  acceptDurationInput,
  durationToMinutes,
  isDurationDraft,
  isValidDuration,
  minutesToDuration,
  padDuration,
} from '../../src/lib/duration'

describe('duration input (spec 000 §5)', () => {
  it.each(['', '5', '12', '123', '1:', '1:5', '12:30', '123:59', '0:00'])('accepts draft %j', (s) => {
    expect(isDurationDraft(s)).toBe(true)
  })

  it.each(['1234', '+1', '-1', '1:60', '1:99', '12:345', '1234:5', ':30', 'a', '1:5a', '1.30', '12 :30', '1::2'])('refuses draft %j', (s) => {
    expect(isDurationDraft(s)).toBe(false)
  })

  it('refuses input longer than 6 characters', () => {
    expect(isDurationDraft('123:45')).toBe(true)
    expect(isDurationDraft('123:450')).toBe(false)
  })

  it('keystroke filter keeps the previous value when the next one breaks the rules', () => {
    expect(acceptDurationInput('1:', '1:6')).toBe('1:6')
    expect(acceptDurationInput('1:6', '1:60')).toBe('1:6')
    expect(acceptDurationInput('12', '-12')).toBe('12')
    expect(acceptDurationInput('5', '')).toBe('')
  })

  it.each([
    ['5', '5:00'],
    ['1:5', '1:05'],
    ['12:', '12:00'],
    ['1:50', '1:50'],
    ['100', '100:00'],
    ['', ''],
    ['1:99', '1:99'],
  ])('pads %j on blur → %j', (raw, padded) => {
    expect(padDuration(raw)).toBe(padded)
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
