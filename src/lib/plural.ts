/**
 * Italian counts (issue 8 point 10): a number with its noun agreeing in number — '1 cittadino',
 * '3 cittadini', '0 cittadini' (zero takes the plural in Italian). The one helper every count a user
 * reads goes through, so that '1 cittadini' cannot be written again.
 */

/** `n` with `singular` when it is exactly 1, with `plural` otherwise ('2 operazioni inviate'). */
export function countLabel(n: number, singular: string, plural: string): string {
  return `${n} ${n === 1 ? singular : plural}`
}
