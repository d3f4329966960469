/**
 * The body of every list screen (spec 002 §2 "List screens share one pattern"), whatever the data source:
 * search and filter dropdowns with chips, the count in a live region, the CSV button, the table (sortable
 * headers, row actions; accordion rows on phones; 'Questa sezione è vuota' when empty), a failure with
 * 'Riprova', and the pagination (8 per page, first page 1). The state (page, search, filters, sort) is the
 * caller's (`useListUrlState`); every change comes back through `onState`.
 */
import type { ReactNode } from 'react'
import { AppLink } from '../AppLink'
import { setBreadcrumbLabels } from '../breadcrumb/labels'
import { Pagination } from '../widgets/Pagination'
import { ResponsiveTable, type Column } from '../widgets/ResponsiveTable'
import { ListFilters, type ListFilterView, type ListSearchLabels } from './ListFilters'
import { nextSort, type ListState } from './list-state'

export const LIST_LOADING = 'Caricamento in corso…'
export const LIST_RETRY = 'Riprova'

/**
 * A row action ('Visualizza', …): a link to `to`, named `name` for assistive technologies when the
 * visible label alone is ambiguous (it must start with the label). `breadcrumb` registers the name of
 * the target page's entity (its path prefix and label), so that its title and breadcrumb read it at once.
 */
export interface RowAction {
  label: string
  /** the target page; without it the action is a button running `onClick` (e.g. 'Revoca' with a confirmation) */
  to?: string
  onClick?(): void
  name?: string
  breadcrumb?: { path: string; label: string }
}

export interface ListViewProps<Row> {
  /** accessible name of the table ('Elenco programmi') */
  caption: string
  columns: readonly Column<Row>[]
  rowKey(row: Row): string
  /** title of a row's accordion item on phones */
  summary(row: Row): ReactNode
  actions?(row: Row): readonly RowAction[]
  search: ListSearchLabels
  filters: readonly ListFilterView[]
  state: ListState
  onState(next: ListState): void
  /** the page's rows; undefined while loading */
  rows: readonly Row[] | undefined
  total: number
  totalPages: number
  /** '12 programmi' */
  countLabel(total: number): string
  /** failure message with a retry, instead of the table */
  error?: { message: string; retry(): void } | null
  /** beside the count: 'Scarica CSV' (or nothing without the permission) */
  toolbar?: ReactNode
  /** under the table (notes about the rows) */
  footer?: ReactNode
  filtersTestId?: string
  /** force a layout (tests) */
  layout?: 'table' | 'accordion'
}

function actionsColumn<Row>(actions: (row: Row) => readonly RowAction[]): Column<Row> {
  return {
    key: 'azioni',
    header: 'Azioni',
    cell: (r) => (
      <span className="d-inline-flex flex-wrap gap-2">
        {actions(r).map((a) => (a.to === undefined ? (
          <button key={a.label} type="button" className="btn btn-outline-primary btn-sm py-1 px-3" aria-label={a.name} onClick={a.onClick}>
            {a.label}
          </button>
        ) : (
          <AppLink
            key={a.to}
            to={a.to}
            className="btn btn-outline-primary btn-sm py-1 px-3"
            aria-label={a.name}
            onClick={a.breadcrumb ? () => setBreadcrumbLabels({ [a.breadcrumb!.path]: a.breadcrumb!.label }) : undefined}
          >
            {a.label}
          </AppLink>
        )))}
      </span>
    ),
  }
}

export function ListView<Row>(p: ListViewProps<Row>) {
  const columns = p.actions ? [...p.columns, actionsColumn(p.actions)] : p.columns
  const sortable = p.columns.some((c) => c.sortKey)
  return (
    <>
      <ListFilters state={p.state} onState={p.onState} search={p.search} filters={p.filters} testId={p.filtersTestId} />
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <p className="mb-0 text-secondary" role="status" aria-live="polite">
          {p.error ? '' : p.rows === undefined ? LIST_LOADING : p.countLabel(p.total)}
        </p>
        {p.toolbar}
      </div>
      {p.error ? (
        <div className="alert alert-danger" role="alert">
          <p className="mb-2">{p.error.message}</p>
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={p.error.retry}>{LIST_RETRY}</button>
        </div>
      ) : (
        p.rows !== undefined && (
          <ResponsiveTable
            caption={p.caption}
            columns={columns}
            rows={p.rows}
            rowKey={p.rowKey}
            summary={p.summary}
            layout={p.layout}
            sort={p.state.sort}
            onSort={sortable ? (campo) => p.onState({ ...p.state, page: 1, sort: nextSort(p.state.sort, campo) }) : undefined}
            onSortChange={sortable ? (sort) => p.onState({ ...p.state, page: 1, sort }) : undefined}
          />
        )
      )}
      {!p.error && p.footer}
      <Pagination page={p.state.page} totalPages={p.totalPages} onChange={(page) => p.onState({ ...p.state, page })} label={`Pagine: ${p.caption}`} />
    </>
  )
}
