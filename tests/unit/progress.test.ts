import { describe, expect, it } from 'vitest'
import { progressPercent } from '../../src/lib/progress'

describe('progressPercent (spec 000 §9: floor(100*(step+1)/steps))', () => {
  it.each([
    [0, 4, 25],
    [1, 4, 50],
    [3, 4, 100],
    [0, 3, 33],
    [1, 3, 66],
    [2, 3, 100],
    [0, 7, 14],
    [5, 7, 85],
    [0, 1, 100],
  ])('step %i of %i → %i%%', (step, steps, expected) => {
    expect(progressPercent(step, steps)).toBe(expected)
  })

  it('clamps and guards odd inputs', () => {
    expect(progressPercent(9, 4)).toBe(100)
    expect(progressPercent(-3, 4)).toBe(0)
    expect(progressPercent(0, 0)).toBe(0)
    expect(progressPercent(0, -2)).toBe(0)
    expect(progressPercent(Number.NaN, 3)).toBe(0)
  })
})
