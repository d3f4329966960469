/**
 * Step progress percentage (spec 000 §9 "Progress bar percentage"): floor(100 × (step + 1) / steps).
 * `step` is zero-based; the result is clamped to 0..100 and is 0 when `steps` is not positive.
 */
export function progressPercent(step: number, steps: number): number {
  if (!Number.isFinite(step) || !Number.isFinite(steps) || steps <= 0) return 0
  const value = Math.floor((100 * (step + 1)) / steps)
  return Math.min(100, Math.max(0, value))
}
