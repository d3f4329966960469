/**
 * Option logic of the filter dropdowns (spec 000 §5: a search box only when there are more than 4
 * options, and only the first 4 matches listed; a filter without options says
 * 'Non ci sono opzioni per questo filtro'). Options already selected stay listed so they can be
 * unticked.
 */

export interface FilterOption {
  label: string
  value: string
}

export const FILTER_SEARCH_THRESHOLD = 4
export const FILTER_MAX_MATCHES = 4
export const NO_FILTER_OPTIONS = 'Non ci sono opzioni per questo filtro'

/** True when the dropdown shows its search box (more than 4 options). */
export function hasFilterSearch(options: readonly FilterOption[]): boolean {
  return options.length > FILTER_SEARCH_THRESHOLD
}

const norm = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim()

/**
 * The options to list for `query`: with the search box, the first 4 whose label contains the query
 * (case and accent insensitive) plus the selected ones not among them; without it, all of them.
 */
export function visibleFilterOptions(options: readonly FilterOption[], query: string, selected: readonly string[] = []): FilterOption[] {
  if (!hasFilterSearch(options)) return [...options]
  const q = norm(query)
  const matches = options.filter((o) => q === '' || norm(o.label).includes(q)).slice(0, FILTER_MAX_MATCHES)
  const shown = new Set(matches.map((o) => o.value))
  const extra = options.filter((o) => selected.includes(o.value) && !shown.has(o.value))
  return [...matches, ...extra]
}

/** Options from plain strings (label = value). */
export function optionsOf(values: readonly string[]): FilterOption[] {
  return values.map((v) => ({ label: v, value: v }))
}

/** Adds or removes `value` from a multi-selection, keeping the options' order. */
export function toggleValue(selected: readonly string[], value: string): string[] {
  return selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value]
}
