/**
 * List table that turns into accordion rows on phones (spec 002 §2: "On phones tables turn into
 * accordion rows"). Desktop: a `<table>` with a caption and column headers. Phone (< 768 px): one
 * `<details>` per row whose summary is `summary(row)` and whose body lists every column as label/value.
 * Empty list: 'Questa sezione è vuota' (spec 002 §8).
 */
import './widgets.css'
import type { ReactNode } from 'react'
import { EMPTY_TABLE, EmptyState } from '../feedback/EmptyState'
import { PHONE_QUERY, useMediaQuery } from './useMediaQuery'

export interface Column<T> {
  key: string
  header: string
  cell(row: T): ReactNode
  /** header only for screen readers (e.g. the actions column) */
  hiddenHeader?: boolean
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
}

export function ResponsiveTable<T>({ caption, columns, rows, rowKey, summary, emptyText = EMPTY_TABLE, layout }: ResponsiveTableProps<T>) {
  const phone = useMediaQuery(PHONE_QUERY)
  if (rows.length === 0) return <EmptyState text={emptyText} />
  if ((layout ?? (phone ? 'accordion' : 'table')) === 'accordion') {
    return (
      <section aria-label={caption} data-testid="responsive-accordion">
        <h2 className="visually-hidden">{caption}</h2>
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
              <th scope="col" key={c.key}>
                {c.hiddenHeader ? <span className="visually-hidden">{c.header}</span> : c.header}
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
