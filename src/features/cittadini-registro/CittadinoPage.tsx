/**
 * A citizen's page in 'Area cittadini' (spec 002 §3 'Citizen (registry data)'; platform-backend §6.5):
 * the stored mask of the fiscal code or document, the registry data, and the services of the citizen the
 * caller sees with the state of each survey (a table, accordion rows on phones). 'Modifica' for the
 * facilitator or volunteer who has the citizen on one of their services. The citizen's rights (issue 28 part 3:
 * export, erasure, a referent's request) from the diritti feature.
 */
import { useQuery } from '@tanstack/react-query'
import { QueryProvider } from '../../api/query'
import type { SchedaCittadino, ServizioCittadino } from '../../api/contract/registro-cittadini'
import { FASCE_DI_ETA } from '../../api/contract/enums'
import { formatDisplayDate, formatDisplayDateTime } from '../../lib/dates'
import { AppLink } from '../../ui/AppLink'
import { ResponsiveTable } from '../../ui/widgets/ResponsiveTable'
import { StatusChip } from '../../ui/widgets/StatusChip'
import { useRegisterBreadcrumbLabels } from '../../ui/breadcrumb/labels'
import { AzioniDiritti } from '../diritti'
import { schedaCittadinoQuery } from './api'
import { cittadinoPath, identificativoCittadino, nomeCittadino } from './lista'

const fascia = (id: number | null) => FASCE_DI_ETA.find((f) => f.id === id)?.fascia ?? '—'

function Dati({ d }: { d: SchedaCittadino['dettaglioCittadino'] }) {
  const righe: [string, string][] = [
    [d.conCodiceFiscale ? 'Codice fiscale' : 'Documento', identificativoCittadino(d)],
    ...(d.tipoDocumento ? [['Tipo documento', d.tipoDocumento] as [string, string]] : []),
    ['ID', String(d.id)],
    ['Genere', d.genere ?? '—'],
    ['Fascia di età', fascia(d.fasciaDiEtaId)],
    ['Titolo di studio', d.titoloDiStudio ?? '—'],
    ['Stato occupazionale', d.occupazione ?? '—'],
    ['Provincia di domicilio', d.provinciaDiDomicilio ?? '—'],
    ['Cittadinanza', d.cittadinanza ?? '—'],
    ['Data ultimo aggiornamento', formatDisplayDateTime(d.dataUltimoAggiornamento)],
  ]
  return (
    <dl className="row mb-4" data-testid="cittadino-dati">
      {righe.map(([k, v]) => (
        <div className="col-12 col-md-6 col-lg-4 mb-3" key={k}>
          <dt className="small text-secondary fw-normal">{k}</dt>
          <dd className="mb-0 fw-semibold">{v}</dd>
        </div>
      ))}
    </dl>
  )
}

const servizioPath = (id: number) => `/area-amministrativa/servizi/${id}/info`

function Servizi({ rows }: { rows: readonly ServizioCittadino[] }) {
  return (
    <ResponsiveTable
      caption="Servizi del cittadino"
      rows={rows}
      rowKey={(r) => String(r.idServizio)}
      summary={(r) => r.nomeServizio}
      columns={[
        { key: 'nome', header: 'Servizio', cell: (r) => <AppLink to={servizioPath(r.idServizio)}>{r.nomeServizio}</AppLink> },
        { key: 'data', header: 'Data', cell: (r) => formatDisplayDate(r.dataServizio) },
        { key: 'sede', header: 'Sede', cell: (r) => r.nomeSede },
        { key: 'fac', header: 'Facilitatore', cell: (r) => r.nomeCompletoFacilitatore },
        { key: 'stato', header: 'Questionario', cell: (r) => (r.statoQuestionario ? <StatusChip value={r.statoQuestionario} /> : '—') },
      ]}
    />
  )
}

function Contenuto({ id }: { id: string }) {
  const q = useQuery(schedaCittadinoQuery(id))
  const nome = q.data ? nomeCittadino({ id: q.data.dettaglioCittadino.id, identificativoMascherato: q.data.dettaglioCittadino.identificativoMascherato }) : undefined
  useRegisterBreadcrumbLabels({ [cittadinoPath(id)]: nome })
  if (q.isPending) return <p role="status" aria-live="polite" className="text-secondary my-4">Caricamento del cittadino…</p>
  if (!q.data) {
    const notFound = (q.error as { status?: number } | null)?.status === 404
    return (
      <div className="alert alert-warning my-4" role="alert">
        <h1 className="h4">{notFound ? 'Cittadino non trovato' : 'Cittadino non disponibile'}</h1>
        <p className="mb-2">{notFound ? 'Il cittadino non esiste o non è tra i cittadini a cui hai accesso.' : 'Non è stato possibile caricare il cittadino. Controlla la connessione e riprova.'}</p>
        {notFound ? <AppLink to="/area-cittadini">Torna all’elenco dei cittadini</AppLink>
          : <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => void q.refetch()}>Riprova</button>}
      </div>
    )
  }
  const d = q.data
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-4">
        <h1 className="mb-0">{nome}</h1>
        {d.modificabile && <AppLink to={`${cittadinoPath(id)}/modifica`} className="btn btn-primary">Modifica</AppLink>}
      </div>
      <h2 className="h4">Dati del cittadino</h2>
      <Dati d={d.dettaglioCittadino} />
      <AzioniDiritti idCittadino={id} cancellato={d.dettaglioCittadino.anonimizzato != null} />
      <h2 className="h4">Servizi</h2>
      {(d.totaleServizi ?? 0) > d.serviziCittadino.length && (
        <p className="text-secondary" data-testid="servizi-troncati">Sono mostrati i {d.serviziCittadino.length} servizi più recenti su {d.totaleServizi}.</p>
      )}
      <Servizi rows={d.serviziCittadino} />
    </>
  )
}

export function CittadinoPage({ id }: { id: string }) {
  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid="cittadino-page">
      <QueryProvider>
        <Contenuto id={id} />
      </QueryProvider>
    </div>
  )
}
