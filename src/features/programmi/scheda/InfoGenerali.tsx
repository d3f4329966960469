/** Step 0 'Informazioni generali' of a programme or project: a description list of its fields. */
import type { ReactNode } from 'react'

export function InfoGenerali({ righe }: { righe: readonly [string, ReactNode][] }) {
  return (
    <section aria-labelledby="info-generali">
      <h2 id="info-generali" className="h4">Informazioni generali</h2>
      <dl className="row" data-testid="info-generali">
        {righe.map(([k, v]) => (
          <div key={k} className="col-12 col-md-6 mb-3">
            <dt className="small text-secondary">{k}</dt>
            <dd className="mb-0">{v === null || v === undefined || v === '' ? '—' : v}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
