/**
 * Page window of the pagination widget (spec 000 §9: 5 page numbers shown, ellipsis when the total
 * exceeds 7; pages are 1-based in the UI, zero-based on the wire).
 */

/** A page number or a gap ('…') in the pagination bar. */
export type PageItem = number | 'ellipsis-start' | 'ellipsis-end'

export const PAGES_SHOWN = 5
export const ELLIPSIS_ABOVE = 7

/** Clamps a 1-based page into [1, totalPages] (1 when there are no pages). */
export function clampPage(page: number, totalPages: number): number {
  if (!Number.isFinite(page) || totalPages < 1) return 1
  return Math.min(Math.max(1, Math.trunc(page)), totalPages)
}

/**
 * Items of the bar: every page when `totalPages` ≤ 7; otherwise the first and last page, a window of
 * 5 consecutive pages around `current`, and an ellipsis for each hidden gap.
 * Example: (10, 20) → [1, '…', 8, 9, 10, 11, 12, '…', 20].
 */
export function pageItems(current: number, totalPages: number): PageItem[] {
  if (totalPages < 1) return []
  const page = clampPage(current, totalPages)
  if (totalPages <= ELLIPSIS_ABOVE) return Array.from({ length: totalPages }, (_, i) => i + 1)
  const half = Math.floor(PAGES_SHOWN / 2)
  let start = Math.max(1, page - half)
  const end = Math.min(totalPages, start + PAGES_SHOWN - 1)
  start = Math.max(1, end - PAGES_SHOWN + 1)
  const items: PageItem[] = []
  if (start > 1) items.push(1)
  if (start > 2) items.push('ellipsis-start')
  for (let p = start; p <= end; p++) items.push(p)
  if (end < totalPages - 1) items.push('ellipsis-end')
  if (end < totalPages) items.push(totalPages)
  return items
}

/** One page of an in-memory list: the slice, the clamped page and the page count (page size default 8). */
export function paginate<T>(rows: readonly T[], page: number, pageSize = 8): { items: T[]; page: number; totalPages: number } {
  const totalPages = Math.max(1, Math.ceil(rows.length / pageSize))
  const p = clampPage(page, totalPages)
  return { items: rows.slice((p - 1) * pageSize, p * pageSize), page: p, totalPages }
}
