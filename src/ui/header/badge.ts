/**
 * Counter badge text of the notifications and chat buttons (spec 000 §2.4, §9 "Notification badge";
 * issue 12 point 7: '99+' above 99). Returns null when there is nothing to show (0 or a negative/invalid
 * count), the number up to 99, and '99+' above it.
 */
export function formatBadgeCount(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null
  if (count > 99) return '99+'
  return String(Math.floor(count))
}
