/**
 * Search bar, filter dropdowns and removable chips of a list (spec 002 §2; spec 000 §2.7, §5): one
 * dropdown per filter ('Non ci sono opzioni per questo filtro' when it has none), a chip per chosen
 * value (labelled with the option's label) and one for the search, 'Cancella filtri' for all of them.
 * Every change goes back to page 1.
 */
import { FilterChips, type FilterChip } from '../widgets/FilterChips'
import { FilterDropdown } from '../widgets/FilterDropdown'
import type { FilterOption } from '../widgets/filter-options'
import { SearchBar } from '../widgets/SearchBar'
import { withFilter, withoutFilters, withSearch, type ListState } from './list-state'

/** A filter as the view shows it: its key (search param), label and options (undefined while loading). */
export interface ListFilterView {
  key: string
  label: string
  options: readonly FilterOption[] | undefined
}

export interface ListSearchLabels {
  label: string
  placeholder?: string
}

export interface ListFiltersProps {
  state: ListState
  onState(next: ListState): void
  search: ListSearchLabels
  filters: readonly ListFilterView[]
  testId?: string
}

export function ListFilters({ state, onState, search, filters, testId }: ListFiltersProps) {
  const chips: FilterChip[] = [
    ...(state.q ? [{ key: 'q', label: `Ricerca: ${state.q}`, onRemove: () => onState(withSearch(state, '')) }] : []),
    ...filters.flatMap((f) =>
      (state.filters[f.key] ?? []).map((v) => ({
        key: `${f.key}:${v}`,
        label: f.options?.find((o) => o.value === v)?.label ?? v,
        onRemove: () => onState(withFilter(state, f.key, (state.filters[f.key] ?? []).filter((x) => x !== v))),
      })),
    ),
  ]
  return (
    <div className="mb-3" data-testid={testId ?? 'list-filters'}>
      <div className="row g-3 align-items-end">
        <div className="col-12 col-lg-6">
          <SearchBar label={search.label} placeholder={search.placeholder} value={state.q} onSearch={(q) => onState(withSearch(state, q))} />
        </div>
        {filters.length > 0 && (
          <div className="col-12 col-lg-6 d-flex flex-wrap gap-2 justify-content-lg-end">
            {filters.map((f) => (
              <FilterDropdown
                key={f.key}
                label={f.label}
                options={f.options ?? []}
                loading={f.options === undefined}
                selected={state.filters[f.key] ?? []}
                onChange={(vs) => onState(withFilter(state, f.key, vs))}
              />
            ))}
          </div>
        )}
      </div>
      <FilterChips chips={chips} onClearAll={() => onState(withoutFilters(state))} />
    </div>
  )
}
