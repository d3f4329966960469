import { describe, expect, it } from 'vitest'
import { formatBadgeCount } from '../../src/ui/header/badge'

describe('notification badge (spec 000 §9; issue 12 point 7)', () => {
  it('shows nothing for zero or invalid counts', () => {
    expect(formatBadgeCount(0)).toBeNull()
    expect(formatBadgeCount(-3)).toBeNull()
    expect(formatBadgeCount(Number.NaN)).toBeNull()
  })
  it('shows the number up to 99', () => {
    expect(formatBadgeCount(1)).toBe('1')
    expect(formatBadgeCount(98)).toBe('98')
    expect(formatBadgeCount(99)).toBe('99')
  })
  it("shows '99+' above 99", () => {
    expect(formatBadgeCount(100)).toBe('99+')
    expect(formatBadgeCount(101)).toBe('99+')
    expect(formatBadgeCount(5000)).toBe('99+')
  })
})
