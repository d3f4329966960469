/**
 * The field window on the facilitator's services list (issue 25 point 2): the device holds the services
 * of the last 90 days and those with open surveys; 'Servizi precedenti' reads the older ones online, 50 at
 * a time (`GET /campo/archivio`, TanStack Query: never stored on the device), each linking to its detail,
 * which fetches the service and keeps it on the device. Offline the button says the older list needs the
 * network (no error page).
 */
import { useInfiniteQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { sessionReady } from '../../../api/query'
import { formatDisplayDate } from '../../../lib/dates'
import { AppLink } from '../../../ui/AppLink'
import { OnlineOnlyReason, useIsOffline, useOnlineOnly } from '../../../ui/offline-data'
import { StatusChip } from '../../../ui/widgets/StatusChip'
import { fetchArchivioCampo, useFinestraCampo } from '../../campo'
import { serviziKeys } from '../api'
import { serviceUrl } from './ServiziTable'

export const SERVIZI_PRECEDENTI = 'Servizi precedenti'
export const NOTA_FINESTRA = (giorni: number) => `Sul dispositivo: servizi degli ultimi ${giorni} giorni e quelli con questionari aperti.`
export const PRECEDENTI_OFFLINE = 'Sei offline: per vedere i servizi precedenti serve la connessione a internet.'

/** Window note and the older services, online (see the module comment). */
export function ServiziPrecedenti() {
  const offline = useIsOffline()
  const guard = useOnlineOnly(PRECEDENTI_OFFLINE)
  const { dal, giorni } = useFinestraCampo()
  const [aperto, setAperto] = useState(false)
  const panelId = useId()
  const q = useInfiniteQuery({
    queryKey: serviziKeys.campoArchivio(dal),
    queryFn: ({ pageParam, signal }) => fetchArchivioCampo(dal, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursore,
    enabled: () => aperto && !offline && sessionReady(),
  })
  const servizi = q.data?.pages.flatMap((p) => p.servizi) ?? []
  return (
    <section className="mt-4" aria-label={SERVIZI_PRECEDENTI} data-testid="servizi-precedenti">
      {!offline && <p className="small text-secondary mb-2" data-testid="nota-finestra">{NOTA_FINESTRA(giorni)}</p>}
      <div className="d-inline-flex flex-column align-items-start">
        <button
          type="button"
          className={`btn btn-outline-primary btn-sm${guard.blocked ? ' disabled' : ''}`}
          aria-expanded={aperto}
          aria-controls={panelId}
          {...(aperto ? {} : guard.controlProps)}
          onClick={() => setAperto((a) => !a)}
        >
          {SERVIZI_PRECEDENTI}
        </button>
        {!aperto && <OnlineOnlyReason guard={guard} className="small text-secondary mt-1" />}
      </div>
      <div id={panelId} hidden={!aperto} className="mt-3">
        {aperto && (
          <>
            <p role="status" aria-live="polite" className={q.isFetching ? 'text-secondary' : 'visually-hidden'}>
              {q.isFetching ? 'Caricamento dei servizi precedenti…' : q.isSuccess ? `${servizi.length.toLocaleString('it-IT')} servizi precedenti mostrati` : ''}
            </p>
            {offline && <p className="text-secondary" data-testid="precedenti-offline">{PRECEDENTI_OFFLINE}</p>}
            {q.isError && !offline && (
              <div className="alert alert-warning" role="alert">
                <p className="mb-2">Non è stato possibile caricare i servizi precedenti. Controlla la connessione e riprova.</p>
                <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => void q.refetch()}>Riprova</button>
              </div>
            )}
            {q.isSuccess && servizi.length === 0 && <p>Nessun servizio precedente.</p>}
            {servizi.length > 0 && (
              <ul className="list-unstyled mb-3" data-testid="servizi-precedenti-lista">
                {servizi.map((s) => (
                  <li key={s.id} className="py-2 border-bottom d-flex flex-wrap align-items-center gap-2">
                    <AppLink to={serviceUrl(String(s.id))} className="fw-semibold">{s.nome}</AppLink>
                    <span className="small text-secondary">{`${formatDisplayDate(s.data)} · ${s.nomeSede}`}</span>
                    <StatusChip value={s.stato} />
                  </li>
                ))}
              </ul>
            )}
            {q.hasNextPage && (
              <button type="button" className={`btn btn-outline-primary btn-sm${guard.blocked ? ' disabled' : ''}`} {...guard.controlProps} disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
                Mostra altri servizi precedenti
              </button>
            )}
          </>
        )}
      </div>
    </section>
  )
}
