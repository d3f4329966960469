/**
 * Pagination bar (spec 000 §4 'Pagination', §9): previous / next and page numbers (5 shown, ellipsis
 * above 7 pages), 1-based. Renders nothing for a single page. Buttons, not links: the page lives in the
 * component state of the list; the current page carries `aria-current="page"`.
 */
import { Icon } from 'design-react-kit'
import { clampPage, pageItems } from './pagination'

export interface PaginationProps {
  /** current page, 1-based */
  page: number
  totalPages: number
  onChange(page: number): void
  /** accessible name of the navigation landmark */
  label?: string
}

export function Pagination({ page, totalPages, onChange, label = 'Paginazione' }: PaginationProps) {
  if (totalPages <= 1) return null
  const current = clampPage(page, totalPages)
  const go = (p: number) => {
    const next = clampPage(p, totalPages)
    if (next !== current) onChange(next)
  }
  return (
    <nav className="pagination-wrapper justify-content-center mt-4" aria-label={label} data-testid="pagination">
      <ul className="pagination flex-wrap">
        <li className={`page-item${current === 1 ? ' disabled' : ''}`}>
          <button type="button" className="page-link" onClick={() => go(current - 1)} disabled={current === 1}>
            <Icon icon="it-chevron-left" color="primary" size="sm" aria-hidden />
            <span className="visually-hidden">Pagina precedente</span>
          </button>
        </li>
        {pageItems(current, totalPages).map((item) =>
          typeof item === 'number' ? (
            <li className="page-item" key={item}>
              <button
                type="button"
                className={`page-link${item === current ? ' active' : ''}`}
                aria-current={item === current ? 'page' : undefined}
                aria-label={`Pagina ${item}`}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li className="page-item" key={item} aria-hidden>
              <span className="page-link">…</span>
            </li>
          ),
        )}
        <li className={`page-item${current === totalPages ? ' disabled' : ''}`}>
          <button type="button" className="page-link" onClick={() => go(current + 1)} disabled={current === totalPages}>
            <span className="visually-hidden">Pagina successiva</span>
            <Icon icon="it-chevron-right" color="primary" size="sm" aria-hidden />
          </button>
        </li>
      </ul>
      <p className="visually-hidden" aria-live="polite">{`Pagina ${current} di ${totalPages}`}</p>
    </nav>
  )
}
