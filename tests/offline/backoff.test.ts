import { describe, expect, it } from 'vitest'
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, nextDelay } from '../../src/offline/backoff'

describe('backoff', () => {
  it('grows exponentially from 2 s (upper bound with random → 1)', () => {
    const top = () => 0.999999999
    expect(nextDelay(1, top)).toBe(BACKOFF_BASE_MS - 1)
    expect(nextDelay(2, top)).toBe(2 * BACKOFF_BASE_MS - 1)
    expect(nextDelay(3, top)).toBe(4 * BACKOFF_BASE_MS - 1)
    expect(nextDelay(8, top)).toBe(128 * BACKOFF_BASE_MS - 1)
  })

  it('is capped at 5 minutes, even after thousands of attempts (never gives up, never overflows)', () => {
    for (const n of [9, 10, 50, 1_000, 1e9]) {
      const d = nextDelay(n, () => 0.999999999)
      expect(d).toBeLessThanOrEqual(BACKOFF_CAP_MS)
      expect(d).toBeGreaterThan(BACKOFF_CAP_MS - 10)
      expect(Number.isFinite(d)).toBe(true)
    }
  })

  it('uses full jitter: uniform in [0, ceiling]', () => {
    expect(nextDelay(3, () => 0)).toBe(0)
    expect(nextDelay(3, () => 0.5)).toBe(4_000)
    expect(nextDelay(20, () => 0.5)).toBe(150_000)
    for (let i = 0; i < 200; i++) {
      const d = nextDelay(4)
      expect(d).toBeGreaterThanOrEqual(0)
      expect(d).toBeLessThanOrEqual(8 * BACKOFF_BASE_MS)
    }
  })

  it('treats 0 or negative attempts as the first retry and clamps random outside [0, 1)', () => {
    expect(nextDelay(0, () => 0.5)).toBe(1_000)
    expect(nextDelay(-3, () => 0.5)).toBe(1_000)
    expect(nextDelay(1, () => 7)).toBe(BACKOFF_BASE_MS)
    expect(nextDelay(1, () => -1)).toBe(0)
  })
})
