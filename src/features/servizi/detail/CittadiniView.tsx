/**
 * Body of the 'Cittadini' tab whatever the source: the counters 'Cittadini partecipanti' and
 * 'Questionari compilati', the fiscal-code search, the survey-state filter with chips, the table, the
 * pagination, 'Stampa questionario vuoto' (the blank template to fill by hand; each row's 'Stampa
 * questionario' prints that citizen's answers) and (for the creator) 'Aggiungi cittadino'.
 */
import type { ReactNode } from 'react'
import { countLabel } from '../../../lib/plural'
import { AppLink } from '../../../ui/AppLink'
import { FilterChips } from '../../../ui/widgets/FilterChips'
import { FilterDropdown } from '../../../ui/widgets/FilterDropdown'
import { Pagination } from '../../../ui/widgets/Pagination'
import { SearchBar } from '../../../ui/widgets/SearchBar'
import { STATI_QUESTIONARIO_UI, T } from '../labels'
import { CittadiniTable } from './CittadiniTable'
import type { RigaCittadino } from './cittadini-list'

export interface CittadiniViewProps {
  partecipanti: number | null
  compilati: number | null
  criterio: string
  onSearch(criterio: string): void
  /** why the search is not available (offline, service not yet sent) */
  searchDisabledReason?: string | null
  stati: string[]
  onStati(stati: string[]): void
  rows: readonly RigaCittadino[] | undefined
  page: number
  totalPages: number
  onPage(page: number): void
  serviceRouteId: string
  canWrite: boolean
  /** 'Aggiungi cittadino' (creator only) */
  addButton?: ReactNode
  error?: { message: string; retry(): void } | null
  /** a note under the search (e.g. results filtered by the server) */
  searchNote?: string | null
  /** page of the blank survey ('Stampa questionario vuoto') */
  stampaVuoto?: string | null
}

function Counter({ label, value }: { label: string; value: number | null }) {
  return (
    <div className="card card-bg p-3 pd-counter">
      <p className="small text-secondary mb-1">{label}</p>
      <p className="h3 mb-0">{value ?? '—'}</p>
    </div>
  )
}

export function CittadiniView(p: CittadiniViewProps) {
  const labelOf = (v: string) => STATI_QUESTIONARIO_UI.find((s) => s.value === v)?.label ?? v
  return (
    <div data-testid="servizio-cittadini">
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-4">
        <div className="d-flex flex-wrap gap-3" role="group" aria-label="Riepilogo">
          <Counter label="Cittadini partecipanti" value={p.partecipanti} />
          <Counter label="Questionari compilati" value={p.compilati} />
        </div>
        {p.addButton}
      </div>
      <div className="row g-3 align-items-end mb-2">
        <div className="col-12 col-lg-7">
          <SearchBar
            label="Cerca cittadino per codice fiscale"
            placeholder="Inserisci il codice fiscale"
            value={p.criterio}
            onSearch={p.onSearch}
            disabledReason={p.searchDisabledReason}
            upperCase
            maxLength={16}
          />
        </div>
        <div className="col-12 col-lg-5 d-flex justify-content-lg-end">
          <FilterDropdown label="Stato" options={STATI_QUESTIONARIO_UI} selected={p.stati} onChange={p.onStati} />
        </div>
      </div>
      {p.searchNote && <p className="small text-secondary" role="status">{p.searchNote}</p>}
      {p.stampaVuoto && (
        <p className="d-flex justify-content-end mb-2">
          <AppLink to={p.stampaVuoto} className="btn btn-outline-primary btn-sm">
            Stampa questionario vuoto
          </AppLink>
        </p>
      )}
      <FilterChips
        chips={[
          ...(p.criterio ? [{ key: 'cf', label: `Codice fiscale: ${p.criterio}`, onRemove: () => p.onSearch('') }] : []),
          ...p.stati.map((s) => ({ key: s, label: labelOf(s), onRemove: () => p.onStati(p.stati.filter((x) => x !== s)) })),
        ]}
        onClearAll={() => {
          p.onSearch('')
          p.onStati([])
        }}
      />
      <p className="visually-hidden" role="status" aria-live="polite">
        {p.rows === undefined ? T.caricamento : countLabel(p.rows.length, 'cittadino in questa pagina', 'cittadini in questa pagina')}
      </p>
      {p.error ? (
        <div className="alert alert-danger" role="alert">
          <p className="mb-2">{p.error.message}</p>
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={p.error.retry}>{T.riprova}</button>
        </div>
      ) : p.rows === undefined ? (
        <p className="text-secondary">{T.caricamento}</p>
      ) : (
        <CittadiniTable rows={p.rows} serviceRouteId={p.serviceRouteId} canWrite={p.canWrite} />
      )}
      <Pagination page={p.page} totalPages={p.totalPages} onChange={p.onPage} label="Pagine dei cittadini del servizio" />
    </div>
  )
}
