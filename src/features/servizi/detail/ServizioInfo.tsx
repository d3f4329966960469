/**
 * Tab 'Informazioni' of a service: its data (Nome, ID, Ente, Sede, Stato, Facilitatore, last change),
 * the Q3 answers decoded with the template's titles, and for its creator 'Modifica' and — while NON
 * ATTIVO — 'Elimina'.
 */
import type { ReactNode } from 'react'
import { AppLink } from '../../../ui/AppLink'
import { StatusChip } from '../../../ui/widgets/StatusChip'
import { EliminaServizioButton } from './EliminaServizioButton'
import type { DettaglioServizio, RiepilogoDomanda } from './servizio-detail'

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="col-12 col-md-6 mb-3">
      <dt className="small text-secondary fw-normal">{label}</dt>
      <dd className="mb-0 fw-semibold">{children}</dd>
    </div>
  )
}

function Answer({ q }: { q: RiepilogoDomanda }) {
  if (q.groups) {
    return q.groups.length === 0 ? <>—</> : (
      <ul className="mb-0 ps-3 fw-normal">
        {q.groups.map((g) => (
          <li key={g.area}>
            <span className="fw-semibold">{g.area}</span>
            {g.items.length > 0 && (
              <ul className="ps-3">
                {g.items.map((i) => <li key={i}>{i}</li>)}
              </ul>
            )}
          </li>
        ))}
      </ul>
    )
  }
  if (q.values.length === 0) return <>—</>
  if (q.values.length === 1) return <span className="fw-normal text-break">{q.values[0]}</span>
  return (
    <ul className="mb-0 ps-3 fw-normal">
      {q.values.map((v) => <li key={v}>{v}</li>)}
    </ul>
  )
}

export function ServizioInfo({ dettaglio: d, serviceId }: { dettaglio: DettaglioServizio; serviceId: string }) {
  return (
    <div data-testid="servizio-info">
      {d.modificabile && (
        <div className="d-flex flex-wrap gap-2 justify-content-end mb-3">
          <AppLink to={`/area-amministrativa/servizi/${encodeURIComponent(serviceId)}/modifica`} className="btn btn-primary">Modifica</AppLink>
          {d.eliminabile && d.idLocale && <EliminaServizioButton idLocale={d.idLocale} nome={d.nome} />}
        </div>
      )}
      <section aria-labelledby="servizio-dati" className="mb-4">
        <h2 id="servizio-dati" className="h4 mb-3">Dati del servizio</h2>
        <dl className="row">
          <Item label="Nome">{d.nome}</Item>
          <Item label="ID">{d.idServer ?? 'Non ancora assegnato'}</Item>
          <Item label="Ente">{d.nomeEnte || '—'}</Item>
          <Item label="Sede">{d.nomeSede || '—'}</Item>
          <Item label="Stato"><StatusChip value={d.stato} /></Item>
          {d.facilitatore && <Item label="Facilitatore">{d.facilitatore}</Item>}
          <Item label="Ultimo aggiornamento">{d.ultimoAggiornamento || '—'}</Item>
        </dl>
      </section>
      <section aria-labelledby="servizio-q3">
        <h2 id="servizio-q3" className="h4 mb-3">Informazioni sul servizio</h2>
        <dl className="row">
          {d.q3.map((q) => (
            <div key={q.id} className="col-12 mb-3">
              <dt className="small text-secondary fw-normal">{q.title}</dt>
              <dd className="mb-0"><Answer q={q} /></dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  )
}
