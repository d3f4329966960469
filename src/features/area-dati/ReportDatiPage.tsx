/**
 * 'Report dati' (`/area-dati/report-dati`; issue 11 point 1; spec 002 §2; platform-frontend §7.1): the figures
 * of the services the chosen profile sees (scoped by the server like the services list), with the filters of
 * the URL (policy, programme, project, period; ./search.ts) so that a shared link opens the same view. Totals,
 * then one section per dimension with its chart, table and CSV (./SezioneReport.tsx); the data's last update
 * is shown. Visitors without a session see the national figures (policy and period filters only).
 */
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { QueryProvider } from '../../api/query'
import { getSessionState, useSession } from '../../auth/session'
import { formatNumero, notaAggiornamento, SEZIONI_DATI } from '../../lib/report-dati'
import { filtroDi, reportQuery } from './api'
import type { ReportSearch } from './search'
import { SezioneReport } from './SezioneReport'
import { UtilizzoPanel } from '../utilizzo'
import './report-dati.css'

export interface ReportDatiPageProps {
  search: ReportSearch
  /** replaces the URL search (the route navigates) */
  onSearch(next: ReportSearch): void
}

/**
 * The read of the page for the current session, for its route loader (src/api/prefetch.ts): the report of the
 * profile's data for the filters of `search` (the public report of a visitor is left to the page).
 */
export function reportDatiReads(search: ReportSearch) {
  const s = getSessionState()
  return s.status === 'authenticated' && s.profilo ? [reportQuery(filtroDi(search), false)] : []
}

export function ReportDatiPage(props: ReportDatiPageProps) {
  const session = useSession()
  return (
    <div className="container-xxl pd-page py-4 py-lg-5 pd-report" data-testid="report-dati-page">
      <h1 className="mb-2">Report dati</h1>
      <p className="lead text-secondary mb-4">Servizi di facilitazione e formazione per i cittadini.</p>
      {session.status === 'authenticated' && session.profilo
        ? (
          <>
            <QueryProvider><Report {...props} /></QueryProvider>
            {/* 'Utilizzo' (issue 13 point 3): usage-event counts, DTD only (renders nothing for other profiles) */}
            <UtilizzoPanel />
          </>
        )
        : (
          <>
            <p>
              Dati nazionali dei servizi di facilitazione e formazione.{' '}
              <Link to="/auth">Accedi</Link> per consultare i dati del tuo programma, progetto o dei tuoi servizi.
            </p>
            <QueryProvider><Report {...props} pubblico /></QueryProvider>
          </>
        )}
    </div>
  )
}

function Report({ search, onSearch, pubblico = false }: ReportDatiPageProps & { pubblico?: boolean }) {
  const filtro = filtroDi(search)
  const q = useQuery(reportQuery(filtro, pubblico))
  const periodo = search.periodo ?? 'mese'
  const report = q.data
  return (
    <>
      <Filtri search={search} onSearch={onSearch} programmi={report?.programmi ?? []} progetti={report?.progetti ?? []} pubblico={pubblico} />
      {q.isError && (
        <div className="alert alert-danger" role="alert">
          Non è stato possibile caricare i dati.{' '}
          <button type="button" className="btn btn-link p-0 align-baseline" onClick={() => void q.refetch()}>Riprova</button>
        </div>
      )}
      {q.isPending && <p role="status">Caricamento dei dati in corso…</p>}
      {report && (
        <>
          <p className="text-secondary" data-testid="report-aggiornamento">{notaAggiornamento(report)}</p>
          <dl className="mb-4 pd-report-totali" aria-label="Totali" data-testid="report-totali">
            {([['Servizi erogati', report.totali.servizi, 'servizi'], ['Partecipazioni dei cittadini', report.totali.partecipazioni, 'partecipazioni'],
              ['Questionari compilati', report.totali.questionari, 'questionari']] as const).map(([label, n, id]) => (
              <div key={id} className="card shadow-sm p-3">
                <dt className="fw-normal text-secondary">{label}</dt>
                <dd className="h2 mb-0" data-testid={`totale-${id}`}>{formatNumero(n)}</dd>
              </div>
            ))}
          </dl>
          <p className="small text-secondary">
            Le partecipazioni contano ogni cittadino una volta per ciascun servizio a cui ha partecipato; età, genere,
            titolo di studio e occupazione sono quelli dichiarati dai cittadini.
          </p>
          {SEZIONI_DATI.map((s) => <SezioneReport key={s.id} sezione={s} report={report} periodo={periodo} />)}
        </>
      )}
    </>
  )
}

function Filtri({ search, onSearch, programmi, progetti, pubblico }: ReportDatiPageProps & { programmi: { id: number; nome: string }[]; progetti: { id: number; nome: string }[]; pubblico: boolean }) {
  const id = useId()
  const set = (patch: Partial<ReportSearch>) => {
    const next: ReportSearch = { ...search, ...patch }
    for (const k of Object.keys(next) as (keyof ReportSearch)[]) if (next[k] === undefined || next[k] === '') delete next[k]
    onSearch(next)
  }
  const num = (v: string) => (v === '' ? undefined : Number(v))
  const attivi = Object.keys(search).some((k) => k !== 'periodo' && (!pubblico || k === 'policy' || k === 'da' || k === 'a'))
  return (
    <form className="pd-report-filtri card shadow-sm p-3 p-md-4 mb-4 d-print-none" aria-label="Filtri del report" onSubmit={(e) => e.preventDefault()}>
      <div className="row g-3 align-items-end">
        <div className="col-12 col-md-6 col-xl-2">
          <label htmlFor={`${id}-policy`} className="form-label">Intervento</label>
          <select id={`${id}-policy`} className="form-select" value={search.policy ?? ''}
            onChange={(e) => set({ policy: (e.target.value || undefined) as ReportSearch['policy'], programma: undefined, progetto: undefined })}>
            <option value="">Tutti</option>
            <option value="RFD">RFD</option>
            <option value="SCD">SCD</option>
          </select>
        </div>
        {!pubblico && (
          <>
            <div className="col-12 col-md-6 col-xl-3">
              <label htmlFor={`${id}-programma`} className="form-label">Programma</label>
              <select id={`${id}-programma`} className="form-select" value={search.programma ?? ''}
                onChange={(e) => set({ programma: num(e.target.value), progetto: undefined })}>
                <option value="">Tutti i programmi</option>
                {programmi.map((p) => <option key={p.id} value={p.id}>{p.nome}</option>)}
              </select>
            </div>
            <div className="col-12 col-md-6 col-xl-3">
              <label htmlFor={`${id}-progetto`} className="form-label">Progetto</label>
              <select id={`${id}-progetto`} className="form-select" value={search.progetto ?? ''} disabled={progetti.length === 0}
                aria-describedby={progetti.length === 0 ? `${id}-progetto-nota` : undefined}
                onChange={(e) => set({ progetto: num(e.target.value) })}>
                <option value="">Tutti i progetti</option>
                {progetti.map((p) => <option key={p.id} value={p.id}>{p.nome}</option>)}
              </select>
              {progetti.length === 0 && <div id={`${id}-progetto-nota`} className="form-text">Scegli prima un programma.</div>}
            </div>
          </>
        )}
        <div className="col-6 col-md-3 col-xl-2">
          <label htmlFor={`${id}-da`} className="form-label">Dal mese</label>
          <input id={`${id}-da`} type="month" className="form-control" value={search.da ?? ''} max={search.a}
            onChange={(e) => set({ da: e.target.value || undefined })} />
        </div>
        <div className="col-6 col-md-3 col-xl-2">
          <label htmlFor={`${id}-a`} className="form-label">Al mese</label>
          <input id={`${id}-a`} type="month" className="form-control" value={search.a ?? ''} min={search.da}
            onChange={(e) => set({ a: e.target.value || undefined })} />
        </div>
      </div>
      <div className="d-flex flex-wrap gap-3 align-items-center mt-3">
        <fieldset className="d-flex flex-wrap gap-3 align-items-center mb-0">
          <legend className="form-label mb-0 float-none w-auto fs-6">Andamento per</legend>
          {([['mese', 'Mese'], ['settimana', 'Settimana']] as const).map(([v, label]) => (
            <div key={v} className="form-check form-check-inline mb-0">
              <input id={`${id}-periodo-${v}`} className="form-check-input" type="radio" name={`${id}-periodo`} checked={(search.periodo ?? 'mese') === v}
                onChange={() => set({ periodo: v === 'settimana' ? 'settimana' : undefined })} />
              <label htmlFor={`${id}-periodo-${v}`} className="form-check-label">{label}</label>
            </div>
          ))}
        </fieldset>
        {attivi && (
          <button type="button" className="btn btn-outline-primary btn-sm ms-auto" onClick={() => onSearch(search.periodo ? { periodo: search.periodo } : {})}>
            Cancella filtri
          </button>
        )}
      </div>
    </form>
  )
}
