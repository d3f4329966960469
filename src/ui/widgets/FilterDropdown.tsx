/**
 * Multi-choice filter dropdown (spec 000 §2.7 'filter dropdowns', §5): a toggle button showing the
 * number of chosen values, a panel with checkboxes, a search box when there are more than 4 options
 * (first 4 matches listed), 'Non ci sono opzioni per questo filtro' when empty. Escape or a click
 * outside closes it and focus returns to the toggle. Changes apply at once (`onChange`).
 */
import { Icon } from 'design-react-kit'
import { useEffect, useId, useRef, useState } from 'react'
import { countLabel } from '../../lib/plural'
import './widgets.css'
import { FILTER_MAX_MATCHES, hasFilterSearch, NO_FILTER_OPTIONS, toggleValue, visibleFilterOptions, type FilterOption } from './filter-options'

export interface FilterDropdownProps {
  label: string
  options: readonly FilterOption[]
  selected: readonly string[]
  onChange(values: string[]): void
  disabled?: boolean
  /** options still being fetched: the panel says so instead of 'no options' */
  loading?: boolean
}

export function FilterDropdown({ label, options, selected, onChange, disabled, loading }: FilterDropdownProps) {
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const id = useId()
  const root = useRef<HTMLDivElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)
  const panelId = `${id}-panel`

  useEffect(() => {
    if (!open) return
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', onDown)
    return () => document.removeEventListener('mousedown', onDown)
  }, [open])

  const close = () => {
    setOpen(false)
    toggle.current?.focus()
  }
  const shown = visibleFilterOptions(options, query, selected)
  const searchable = hasFilterSearch(options)
  return (
    <div
      className="pd-filter-dropdown position-relative d-inline-block"
      ref={root}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation()
          close()
        }
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="btn btn-outline-primary btn-sm d-inline-flex align-items-center gap-1"
        aria-expanded={open}
        aria-controls={panelId}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
        {selected.length > 0 && ' '}
        {selected.length > 0 && (
          <span className="badge bg-primary ms-1">
            <span aria-hidden="true">{selected.length}</span>
            <span className="visually-hidden">{countLabel(selected.length, 'selezionato', 'selezionati')}</span>
          </span>
        )}
        <Icon icon={open ? 'it-collapse' : 'it-expand'} size="sm" color="primary" aria-hidden />
      </button>
      <div id={panelId} className="pd-filter-panel card shadow p-3" hidden={!open}>
        {loading && options.length === 0 ? (
          <p className="mb-0 small">Caricamento delle opzioni…</p>
        ) : options.length === 0 ? (
          <p className="mb-0 small">{NO_FILTER_OPTIONS}</p>
        ) : (
          <fieldset>
            <legend className="visually-hidden">{label}</legend>
            {searchable && (
              <div className="form-group mb-2">
                <label htmlFor={`${id}-search`} className="visually-hidden">{`Cerca tra le opzioni di ${label}`}</label>
                <input
                  id={`${id}-search`}
                  type="search"
                  className="form-control form-control-sm"
                  placeholder="Cerca"
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                />
                <p className="small text-secondary mb-0 mt-1">{`Sono mostrate al massimo ${FILTER_MAX_MATCHES} opzioni: usa la ricerca per trovarne altre.`}</p>
              </div>
            )}
            {shown.length === 0 && <p className="small mb-0">Nessuna opzione corrisponde alla ricerca</p>}
            {shown.map((o, i) => (
              <div className="form-check my-1" key={o.value}>
                <input
                  id={`${id}-opt-${i}`}
                  type="checkbox"
                  className="form-check-input"
                  checked={selected.includes(o.value)}
                  onChange={() => onChange(toggleValue(selected, o.value))}
                />
                <label htmlFor={`${id}-opt-${i}`} className="form-check-label">{o.label}</label>
              </div>
            ))}
          </fieldset>
        )}
      </div>
    </div>
  )
}
