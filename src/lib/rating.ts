/**
 * Star rating value (spec 000 §5 "Rating"): clamped from 1 to `max` (default 5), rounded to an integer.
 * Non-numeric input gives 1.
 */
export const DEFAULT_RATING_MAX = 5

export function clampRating(value: number, max: number = DEFAULT_RATING_MAX): number {
  const top = Number.isFinite(max) && max >= 1 ? Math.floor(max) : DEFAULT_RATING_MAX
  if (!Number.isFinite(value)) return 1
  return Math.min(top, Math.max(1, Math.round(value)))
}
