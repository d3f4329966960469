/**
 * Retry delays of the outbox: capped exponential backoff with full jitter (base 2 s, cap 5 min, as
 * Enketo's 2^n s ≤ 5 min), never giving up — an entry is retried for as long as it takes.
 */

export const BACKOFF_BASE_MS = 2_000
export const BACKOFF_CAP_MS = 5 * 60_000

/**
 * Delay in ms before the next attempt after `attempts` failed attempts (≥ 1): a uniform draw in
 * [0, min(cap, base·2^(attempts−1))] using `random()` ∈ [0, 1). Pure.
 */
export function nextDelay(attempts: number, random: () => number = Math.random): number {
  const n = Math.max(1, Math.floor(attempts))
  // 2^(n−1) overflows to Infinity for huge n; min() keeps the cap
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(n - 1, 60))
  const r = Math.min(Math.max(random(), 0), 1)
  return Math.floor(r * ceiling)
}
