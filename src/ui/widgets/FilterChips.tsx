/**
 * Removable chips of the active filters (spec 000 §2.7): one chip per chosen value with a close button
 * ('Rimuovi filtro …'), and 'Cancella filtri' when there is more than one. Renders nothing without chips.
 */
import { Icon } from 'design-react-kit'

export interface FilterChip {
  /** unique key (e.g. 'stato:ATTIVO') */
  key: string
  label: string
  onRemove(): void
}

export function FilterChips({ chips, onClearAll }: { chips: readonly FilterChip[]; onClearAll?: () => void }) {
  if (chips.length === 0) return null
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 my-3" data-testid="filter-chips">
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" aria-label="Filtri attivi">
        {chips.map((c) => (
          <li key={c.key} className="chip chip-simple chip-primary m-0">
            <span className="chip-label">{c.label}</span>
            <button type="button" onClick={c.onRemove}>
              <Icon icon="it-close" size="sm" aria-hidden />
              <span className="visually-hidden">{`Rimuovi filtro ${c.label}`}</span>
            </button>
          </li>
        ))}
      </ul>
      {onClearAll && chips.length > 1 && (
        <button type="button" className="btn btn-link btn-sm p-0" onClick={onClearAll}>
          Cancella filtri
        </button>
      )}
    </div>
  )
}
