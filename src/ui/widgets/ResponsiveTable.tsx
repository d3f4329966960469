/**
 * List table that turns into accordion rows on phones (spec 002 §2: "On phones tables turn into
 * accordion rows"). Desktop: a `<table>` with a caption and column headers. Phone (< 768 px): one
 * `<details>` per row whose summary is `summary(row)` and whose body lists every column as label/value.
 * Empty list: 'Questa sezione è vuota' (spec 002 §8).
 * Sortable columns (`sortKey`, with `sort`/`onSort`): the header is a button and the sorted column's header
 * carries `aria-sort`; on phones an 'Ordina per' select offers the same sorts.
 */
import './widgets.css'
import { Icon } from 'design-react-kit'
import { useId, type ReactNode } from 'react'
import { EMPTY_TABLE, EmptyState } from '../feedback/EmptyState'
import type { ListSort } from '../list/list-state'
import { PHONE_QUERY, useMediaQuery } from './useMediaQuery'

export interface Column<T> {
  key: string
  header: string
  cell(row: T): ReactNode
  /** header only for screen readers (e.g. the actions column) */
  hiddenHeader?: boolean
  /** the column's sort key (wire `ordinamento.campo`); absent: not sortable */
  sortKey?: string
}

export interface ResponsiveTableProps<T> {
  caption: string
  columns: readonly Column<T>[]
  rows: readonly T[]
  rowKey(row: T): string
  /** title of a row's accordion item on phones */
  summary(row: T): ReactNode
  emptyText?: string
  /** force a layout (tests); default: by the phone media query */
  layout?: 'table' | 'accordion'
  /** current sort (for `aria-sort`) */
  sort?: ListSort | null
  /** called with a column's sort key when its header is activated (desktop) */
  onSort?(campo: string): void
  /** called with a full sort chosen in the phone 'Ordina per' select */
  onSortChange?(sort: ListSort): void
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const

function SortHeader<T>({ column, sort, onSort }: { column: Column<T>; sort?: ListSort | null; onSort(campo: string): void }) {
  const active = sort?.campo === column.sortKey ? sort!.verso : null
  return (
    <button type="button" className="btn btn-link p-0 fw-semibold text-start text-decoration-none d-inline-flex align-items-center gap-1 pd-sort-header" onClick={() => onSort(column.sortKey!)}>
      {column.header}
      <span className="visually-hidden">{active === 'asc' ? ', ordina in modo decrescente' : ', ordina in modo crescente'}</span>
      <Icon icon={active === 'desc' ? 'it-arrow-down' : active === 'asc' ? 'it-arrow-up' : 'it-exchange-circle'} size="xs" color="primary" aria-hidden />
    </button>
  )
}

/** Phones: the sorts of the sortable columns as one select ('Ordina per'). */
function SortSelect<T>({ columns, sort, onSortChange }: { columns: readonly Column<T>[]; sort?: ListSort | null; onSortChange(s: ListSort): void }) {
  const id = useId()
  const sortable = columns.filter((c) => c.sortKey)
  return (
    <div className="select-wrapper mb-3">
      <label htmlFor={id}>Ordina per</label>
      <select
        id={id}
        value={sort ? `${sort.campo}:${sort.verso}` : ''}
        onChange={(e) => {
          const [campo, verso] = e.target.value.split(':')
          if (campo && (verso === 'asc' || verso === 'desc')) onSortChange({ campo, verso })
        }}
      >
        {!sort && <option value="">Predefinito</option>}
        {sortable.flatMap((c) => [
          <option key={`${c.sortKey}:asc`} value={`${c.sortKey}:asc`}>{`${c.header} (crescente)`}</option>,
          <option key={`${c.sortKey}:desc`} value={`${c.sortKey}:desc`}>{`${c.header} (decrescente)`}</option>,
        ])}
      </select>
    </div>
  )
}

export function ResponsiveTable<T>({ caption, columns, rows, rowKey, summary, emptyText = EMPTY_TABLE, layout, sort, onSort, onSortChange }: ResponsiveTableProps<T>) {
  const phone = useMediaQuery(PHONE_QUERY)
  if (rows.length === 0) return <EmptyState text={emptyText} />
  if ((layout ?? (phone ? 'accordion' : 'table')) === 'accordion') {
    return (
      <section aria-label={caption} data-testid="responsive-accordion">
        <h2 className="visually-hidden">{caption}</h2>
        {onSortChange && columns.some((c) => c.sortKey) && <SortSelect columns={columns} sort={sort} onSortChange={onSortChange} />}
        <ul className="list-unstyled mb-0">
          {rows.map((r) => (
            <li key={rowKey(r)} className="border-bottom">
              <details className="pd-accordion-row">
                <summary className="fw-semibold">{summary(r)}</summary>
                <dl className="row mb-3">
                  {columns.map((c) => (
                    <div key={c.key} className="col-12 d-flex flex-column mb-2">
                      <dt className="small text-secondary">{c.header}</dt>
                      <dd className="mb-0">{c.cell(r)}</dd>
                    </div>
                  ))}
                </dl>
              </details>
            </li>
          ))}
        </ul>
      </section>
    )
  }
  return (
    <div className="table-responsive" data-testid="responsive-table">
      <table className="table table-hover align-middle">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" key={c.key} aria-sort={c.sortKey && sort?.campo === c.sortKey ? ARIA_SORT[sort.verso] : undefined}>
                {c.hiddenHeader ? (
                  <span className="visually-hidden">{c.header}</span>
                ) : c.sortKey && onSort ? (
                  <SortHeader column={c} sort={sort} onSort={onSort} />
                ) : (
                  c.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)}>
              {columns.map((c) => (
                <td key={c.key}>{c.cell(r)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
