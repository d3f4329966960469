import { describe, expect, it } from 'vitest'
import { clampRating } from '../../src/lib/rating'

describe('clampRating (spec 000 §5: 1..max, default 5)', () => {
  it.each([
    [3, undefined, 3],
    [0, undefined, 1],
    [-4, undefined, 1],
    [7, undefined, 5],
    [5, undefined, 5],
    [2.6, undefined, 3],
    [8, 10, 8],
    [12, 10, 10],
    [4, 3, 3],
  ])('%d (max %s) → %d', (value, max, expected) => {
    expect(clampRating(value, max)).toBe(expected)
  })

  it('non-numbers give 1 and a bad max falls back to 5', () => {
    expect(clampRating(Number.NaN)).toBe(1)
    expect(clampRating(9, 0)).toBe(5)
  })
})
