/**
 * Counter badge text of the notifications and chat buttons (spec 000 §2.4, §9 "Notification badge").
 * Returns null when there is nothing to show (0 or a negative/invalid count), the number up to 100,
 * and '99+' above 100.
 */
export function formatBadgeCount(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null
  if (count > 100) return '99+'
  return String(Math.floor(count))
}
