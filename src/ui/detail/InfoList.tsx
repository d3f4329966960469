/**
 * Label–value pairs of a detail page (a `<dl>` in a responsive grid): empty values read '—'.
 * Generic: used by the body, site and user pages.
 */
import type { ReactNode } from 'react'

export function InfoList({ items, testId }: { items: readonly { label: string; value: ReactNode }[]; testId?: string }) {
  return (
    <dl className="row mb-0" data-testid={testId}>
      {items.map((i) => (
        <div key={i.label} className="col-12 col-md-6 col-lg-4 mb-3">
          <dt className="small text-secondary fw-normal">{i.label}</dt>
          <dd className="mb-0 fw-semibold text-break">{i.value === null || i.value === undefined || i.value === '' ? '—' : i.value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** A titled section of a detail page (h2) with optional actions beside the title. */
export function DetailSection({ title, actions, children, testId }: { title: string; actions?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="mb-5" data-testid={testId}>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h2 className="h4 mb-0">{title}</h2>
        {actions && <div className="d-flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  )
}
