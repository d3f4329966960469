/**
 * Pure rules of the community management pages (issue 12 points 4 and 6; spec 001 §2, §3, §7):
 * the Italian section labels of items and categories, the page of an item, the wire value of a
 * multi-choice section filter, the check of a category name (1–30 characters) and what a report points at.
 */
import { LIMITS, type CategoryType, type ItemType } from '../api/contract/community'

/** Item types with their section label ('Bacheca', 'Forum', 'Documenti'), in menu order. */
export const ITEM_SECTIONS: readonly { value: ItemType; label: string; path: '/bacheca' | '/forum' | '/documenti' }[] = [
  { value: 'board_item', label: 'Bacheca', path: '/bacheca' },
  { value: 'community_item', label: 'Forum', path: '/forum' },
  { value: 'document_item', label: 'Documenti', path: '/documenti' },
]

/** Category taxonomies with their section label (column 'Sezione'). */
export const CATEGORY_SECTIONS: readonly { value: CategoryType; label: string }[] = [
  { value: 'board_categories', label: 'Bacheca' },
  { value: 'community_categories', label: 'Forum' },
  { value: 'document_categories', label: 'Documenti' },
]

/** 'Bacheca' for 'board_item' or 'board_categories'; '' for an unknown value. */
export function sectionLabel(value: string): string {
  return [...ITEM_SECTIONS, ...CATEGORY_SECTIONS].find((s) => s.value === value)?.label ?? ''
}

/** The detail page of an item: '/forum/12'. */
export function itemPath(type: ItemType, id: number): string {
  const section = ITEM_SECTIONS.find((s) => s.value === type) ?? ITEM_SECTIONS[0]!
  return `${section.path}/${id}`
}

/**
 * The wire value of a section filter: the chosen values among `allowed`, comma-joined in `allowed`'s
 * order; undefined when none (or all) is chosen, i.e. no filter.
 */
export function sectionFilter(chosen: readonly string[], allowed: readonly string[]): string | undefined {
  const kept = allowed.filter((a) => chosen.includes(a))
  return kept.length === 0 || kept.length === allowed.length ? undefined : kept.join(',')
}

/** The error of a category name (trimmed: required, at most 30 characters), or null when valid. */
export function categoryNameError(name: string): string | null {
  const n = [...name.trim()].length
  if (n === 0) return 'Inserisci il nome della categoria.'
  if (n > LIMITS.categoryName) return `Il nome può avere al massimo ${LIMITS.categoryName} caratteri.`
  return null
}

/** What a report points at: the comment (when it has one) or the item itself, with its Italian noun. */
export function reportTarget(r: { comment_id: number | null; item_id: number }): { kind: 'comment' | 'item'; id: number; noun: string } {
  return r.comment_id !== null
    ? { kind: 'comment', id: r.comment_id, noun: 'commento' }
    : { kind: 'item', id: r.item_id, noun: 'contenuto' }
}
