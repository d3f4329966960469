/**
 * Search and filters of the services list (spec 002 §2; platform-frontend §10.6): search by id or name,
 * dropdowns 'Tipo di servizio prenotato' and 'Stato', removable chips of the chosen values.
 */
import { FilterChips, type FilterChip } from '../../../ui/widgets/FilterChips'
import { FilterDropdown } from '../../../ui/widgets/FilterDropdown'
import { optionsOf } from '../../../ui/widgets/filter-options'
import { SearchBar } from '../../../ui/widgets/SearchBar'
import { T } from '../labels'
import { FILTRI_VUOTI, type FiltriServizi } from './servizi-list'

export interface ServiziFiltersProps {
  filtri: FiltriServizi
  onChange(f: FiltriServizi): void
  tipologie: readonly string[]
  stati: readonly string[]
}

export function ServiziFilters({ filtri, onChange, tipologie, stati }: ServiziFiltersProps) {
  const chips: FilterChip[] = [
    ...(filtri.criterio ? [{ key: 'q', label: `Ricerca: ${filtri.criterio}`, onRemove: () => onChange({ ...filtri, criterio: '' }) }] : []),
    ...filtri.tipologie.map((t) => ({ key: `t:${t}`, label: t, onRemove: () => onChange({ ...filtri, tipologie: filtri.tipologie.filter((x) => x !== t) }) })),
    ...filtri.stati.map((s) => ({ key: `s:${s}`, label: s, onRemove: () => onChange({ ...filtri, stati: filtri.stati.filter((x) => x !== s) }) })),
  ]
  return (
    <div className="mb-3" data-testid="servizi-filters">
      <div className="row g-3 align-items-end">
        <div className="col-12 col-lg-6">
          <SearchBar label={T.cercaLabel} placeholder={T.cercaPlaceholder} value={filtri.criterio} onSearch={(criterio) => onChange({ ...filtri, criterio })} />
        </div>
        <div className="col-12 col-lg-6 d-flex flex-wrap gap-2 justify-content-lg-end">
          <FilterDropdown label={T.filtroTipologia} options={optionsOf(tipologie)} selected={filtri.tipologie} onChange={(tipologie) => onChange({ ...filtri, tipologie })} />
          <FilterDropdown label={T.filtroStato} options={optionsOf(stati)} selected={filtri.stati} onChange={(s) => onChange({ ...filtri, stati: s })} />
        </div>
      </div>
      <FilterChips chips={chips} onClearAll={() => onChange(FILTRI_VUOTI)} />
    </div>
  )
}
