/**
 * Body of 'Elenco servizi' whatever the data source: filters, the count in a live region, the table,
 * the pagination and the CSV button. Loading and failure states are announced (`role="status"`).
 */
import type { ReactNode } from 'react'
import { countLabel } from '../../../lib/plural'
import { Pagination } from '../../../ui/widgets/Pagination'
import { T } from '../labels'
import { ServiziFilters } from './ServiziFilters'
import { ServiziTable } from './ServiziTable'
import type { FiltriServizi, RigaServizio } from './servizi-list'

export interface ServiziListViewProps {
  rows: readonly RigaServizio[] | undefined
  total: number
  page: number
  totalPages: number
  onPage(page: number): void
  filtri: FiltriServizi
  onFiltri(f: FiltriServizi): void
  tipologie: readonly string[]
  stati: readonly string[]
  /** failure message with a retry, instead of the table */
  error?: { message: string; retry(): void } | null
  /** 'Scarica CSV' (or nothing without the permission) */
  csv?: ReactNode
}

export function ServiziListView(p: ServiziListViewProps) {
  return (
    <>
      <ServiziFilters filtri={p.filtri} onChange={p.onFiltri} tipologie={p.tipologie} stati={p.stati} />
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <p className="mb-0 text-secondary" role="status" aria-live="polite">
          {p.rows === undefined ? T.caricamento : p.error ? '' : countLabel(p.total, 'servizio', 'servizi')}
        </p>
        {p.csv}
      </div>
      {p.error ? (
        <div className="alert alert-danger" role="alert">
          <p className="mb-2">{p.error.message}</p>
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={p.error.retry}>{T.riprova}</button>
        </div>
      ) : (
        p.rows !== undefined && <ServiziTable rows={p.rows} />
      )}
      {!p.error && p.rows?.some((r) => r.stato === 'NON ATTIVO') && (
        <p className="small text-secondary mb-2" data-testid="non-attivo-spiegazione">{T.nonAttivoElenco}</p>
      )}
      <Pagination page={p.page} totalPages={p.totalPages} onChange={p.onPage} label="Pagine dell'elenco servizi" />
    </>
  )
}
