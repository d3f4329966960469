/**
 * Service detail `/area-amministrativa/servizi/$serviceId/{info|cittadini}` (spec 002 §2, §3 'Service';
 * platform-frontend §1.4). Facilitators and volunteers read their service from the device (by server id
 * or device id; offline too; a service outside the field window is fetched online and then kept on the
 * device, issue 25 point 2) and may edit, delete, add citizens and work on the surveys; managers read
 * `servizio/{id}/schedaDettaglio` and the citizens online, read-only; offline, the card and citizens kept
 * on the device with 'Dati aggiornati al …' (issue 9 point 6).
 */
import '../servizi.css'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { QueryProvider } from '../../../api/query'
import { getSessionState, useSession } from '../../../auth/session'
import { DatiAggiornatiAl, OFFLINE_TEXTS, useIsOffline, useOfflineData } from '../../../ui/offline-data'
import { isFieldRole, useCampoRiferimenti, useServizioCampo, useServizioSuRichiesta } from '../../campo'
import { T } from '../labels'
import { Loading, Notice, SenzaProfilo, ServizioNonTrovato } from '../PageStates'
import { useRegisterBreadcrumbLabels } from '../../../ui/breadcrumb/labels'
import { schedaServizioQuery } from '../api'
import { CittadiniCampo } from './CittadiniCampo'
import { CittadiniManager } from './CittadiniManager'
import { ServizioHeader, type DetailTab } from './ServizioHeader'
import { ServizioInfo } from './ServizioInfo'
import { dettaglioDaLocale, dettaglioDaScheda, type DettaglioServizio } from './servizio-detail'

export interface ServizioDetailPageProps {
  serviceId: string
  tab: DetailTab
}

function Frame({ children }: { children: ReactNode }) {
  return <div className="container-xxl pd-page py-4 py-lg-5" data-testid="servizio-detail">{children}</div>
}

function useDetailBreadcrumb(serviceId: string, nome: string | undefined) {
  const base = `/area-amministrativa/servizi/${serviceId}`
  useRegisterBreadcrumbLabels({ [base]: nome, [`${base}/info`]: 'Informazioni', [`${base}/cittadini`]: 'Cittadini' })
}

/** The service from the device; `readOnly` (the profile is no longer active): no edit, delete or add. */
function DetailCampo({ serviceId, tab, readOnly = false }: ServizioDetailPageProps & { readOnly?: boolean }) {
  const servizio = useServizioCampo(serviceId)
  const riferimenti = useCampoRiferimenti()
  const session = useSession()
  const offline = useIsOffline()
  // a service outside the window (issue 25 point 2): read from the server, online, and kept on the device
  const remoto = useServizioSuRichiesta(serviceId, servizio === null && !readOnly, !offline)
  useDetailBreadcrumb(serviceId, servizio?.nome)
  if (servizio === undefined || riferimenti === undefined) return <Loading />
  if (servizio === null) {
    if (remoto.stato === 'caricamento' || remoto.stato === 'caricato') return <Loading text={T.caricamentoDalServer} />
    if (remoto.stato === 'errore') {
      return (
        <Notice title="Servizio non disponibile" tone="warning">
          <p className="mb-2">{T.servizioRemotoErrore}</p>
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={remoto.riprova}>Riprova</button>
        </Notice>
      )
    }
    return <ServizioNonTrovato offline={offline && /^\d+$/.test(serviceId)} />
  }
  const template = riferimenti?.templateSnapshot.find((t) => t.idQuestionarioTemplate === servizio.idQuestionarioTemplateSnapshot) ?? riferimenti?.template ?? null
  const letto = dettaglioDaLocale(servizio, template, (session.profilo ?? session.profiloNonAttivo)?.nomeEnte ?? '')
  const d = readOnly ? { ...letto, modificabile: false, eliminabile: false } : letto
  return (
    <>
      <ServizioHeader dettaglio={d} serviceId={serviceId} tab={tab} />
      {tab === 'info' ? (
        <ServizioInfo dettaglio={d} serviceId={serviceId} />
      ) : (
        <QueryProvider>
          <CittadiniCampo dettaglio={{ ...d, idLocale: servizio.idLocale }} serviceId={serviceId} readOnly={readOnly} />
        </QueryProvider>
      )}
    </>
  )
}

function DetailManager({ serviceId, tab }: ServizioDetailPageProps) {
  const q = useQuery(schedaServizioQuery(serviceId))
  const d: DettaglioServizio | undefined = q.data ? dettaglioDaScheda(q.data) : undefined
  const offline = useOfflineData(q)
  useDetailBreadcrumb(serviceId, d?.nome)
  if (q.isPending && !offline.missing) return <Loading />
  if (!d) {
    return (
      <Notice title="Servizio non disponibile" tone="warning">
        <p className="mb-2">{offline.missing ? OFFLINE_TEXTS.nonSalvati : 'Non è stato possibile caricare il servizio. Controlla la connessione e riprova.'}</p>
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => void q.refetch()}>Riprova</button>
      </Notice>
    )
  }
  return (
    <>
      <DatiAggiornatiAl data={offline} />
      <ServizioHeader dettaglio={d} serviceId={serviceId} tab={tab} />
      {tab === 'info' ? <ServizioInfo dettaglio={d} serviceId={serviceId} /> : <CittadiniManager serviceId={serviceId} />}
    </>
  )
}

/**
 * The server reads of the page for the current session, for its route loader (src/api/prefetch.ts): a
 * manager's card; none for a facilitator or volunteer (the device's copy) or without a profile.
 */
export function servizioDetailReads(serviceId: string) {
  const { profilo } = getSessionState()
  return profilo && !isFieldRole(profilo.codiceRuolo) ? [schedaServizioQuery(serviceId)] : []
}

export function ServizioDetailPage(props: ServizioDetailPageProps) {
  const session = useSession()
  // no chosen profile (e.g. its project was terminated): the device's copy read-only, or a notice
  const ended = !session.profilo && isFieldRole(session.profiloNonAttivo?.codiceRuolo)
  return (
    <Frame>
      {isFieldRole(session.profilo?.codiceRuolo) ? (
        <DetailCampo {...props} />
      ) : !session.profilo ? (
        <>
          <SenzaProfilo ended={ended} />
          {ended && <DetailCampo {...props} readOnly />}
        </>
      ) : (
        <QueryProvider>
          <DetailManager {...props} />
        </QueryProvider>
      )}
    </Frame>
  )
}
