/**
 * 'Cittadini' tab for the facilitator who created the service: rows from the device
 * (`useCittadiniServizioCampo`), state filter and paging in memory (offline too). Fiscal codes are not
 * kept on the device, so the fiscal-code search asks the server (`servizio/cittadino/all/{id}`, online
 * and once the service is on the server) and keeps the local rows of the survey instances it returns.
 * 'Aggiungi cittadino' opens the add-citizen modal; not before the service date. 'Invia questionario a
 * tutti' creates the links of every survey not compiled and opens their printable sheet (issue 8 point 3).
 */
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { sessionReady } from '../../../api/query'
import { toWireDate } from '../../../lib/dates'
import { useConnectivity } from '../../../offline'
import { paginate } from '../../../ui/widgets/pagination'
import { useCittadiniServizioCampo } from '../../campo'
import { cittadiniServizioQuery } from '../api'
import { CittadiniView } from './CittadiniView'
import { contatori, conteggioInvio, filtraCittadini, pathStampaVuoto, rigaCittadinoDaLocale } from './cittadini-list'
import { isDataFutura, type DettaglioServizio } from './servizio-detail'
import { AggiungiCittadinoSlot, InviaATuttiSlot } from './slots'

export const MSG_RICERCA_OFFLINE =
  'Sei offline: i codici fiscali non sono conservati sul dispositivo, quindi la ricerca per codice fiscale richiede la connessione. Puoi comunque filtrare per stato del questionario.'
export const MSG_RICERCA_NON_INVIATO =
  'Il servizio non è ancora stato inviato al server: la ricerca per codice fiscale sarà disponibile dopo la sincronizzazione.'
export const MSG_DATA_FUTURA = 'La data del servizio è impostata nel futuro: potrai aggiungere cittadini a partire dal giorno del servizio.'

export function CittadiniCampo({ dettaglio, serviceId, readOnly = false }: { dettaglio: DettaglioServizio & { idLocale: string }; serviceId: string; readOnly?: boolean }) {
  const cittadini = useCittadiniServizioCampo(dettaglio.idLocale)
  const offline = useConnectivity() === 'offline'
  const [criterio, setCriterio] = useState('')
  const [stati, setStati] = useState<string[]>([])
  const [page, setPage] = useState(1)
  const [addOpen, setAddOpen] = useState(false)
  const idServer = dettaglio.idServer
  const searchReason = offline ? MSG_RICERCA_OFFLINE : idServer === null ? MSG_RICERCA_NON_INVIATO : null
  const ricerca = useQuery({
    ...cittadiniServizioQuery(String(idServer ?? ''), criterio, [], 1, 1000),
    enabled: criterio !== '' && idServer !== null && !offline && sessionReady(),
  })

  const all = useMemo(() => (cittadini ?? []).map(rigaCittadinoDaLocale), [cittadini])
  const trovati = criterio && ricerca.data ? new Set(ricerca.data.cittadini.map((c) => c.idQuestionario)) : null
  const waitingSearch = criterio !== '' && !ricerca.data && !ricerca.isError
  const filtered = filtraCittadini(all, stati, criterio ? (trovati ?? new Set()) : null)
  const current = paginate(filtered, page)
  const { partecipanti, compilati } = contatori(all)
  const futura = isDataFutura(dettaglio.data, toWireDate(new Date()))
  const unsent = all.some((r) => r.idQuestionario === null)

  return (
    <>
      <CittadiniView
        partecipanti={cittadini === undefined ? null : partecipanti}
        compilati={cittadini === undefined ? null : compilati}
        criterio={criterio}
        onSearch={(c) => {
          setCriterio(c)
          setPage(1)
        }}
        searchDisabledReason={criterio ? null : searchReason}
        searchNote={criterio && unsent ? 'La ricerca per codice fiscale considera solo i cittadini già inviati al server.' : criterio && searchReason ? searchReason : null}
        stati={stati}
        onStati={(s) => {
          setStati(s)
          setPage(1)
        }}
        rows={cittadini === undefined || (waitingSearch && !searchReason) ? undefined : current.items}
        page={current.page}
        totalPages={current.totalPages}
        onPage={setPage}
        serviceRouteId={serviceId}
        canWrite={!readOnly}
        stampaVuoto={pathStampaVuoto(serviceId)}
        error={criterio && ricerca.isError ? { message: 'Non è stato possibile cercare il cittadino. Controlla la connessione e riprova.', retry: () => void ricerca.refetch() } : null}
        addButton={readOnly ? undefined : (
          <div className="d-flex flex-column flex-md-row flex-wrap align-items-start gap-3">
            {cittadini !== undefined && (
              <InviaATuttiSlot serviceRouteId={serviceId} idServizio={idServer} nomeServizio={dettaglio.nome} {...conteggioInvio(all)} />
            )}
            <div className="d-flex flex-column align-items-start align-items-md-end">
              <button type="button" className="btn btn-primary" disabled={futura} aria-describedby={futura ? 'pd-aggiungi-futuro' : undefined} onClick={() => setAddOpen(true)}>
                Aggiungi cittadino
              </button>
              {futura && <small id="pd-aggiungi-futuro" className="text-secondary mt-1">{MSG_DATA_FUTURA}</small>}
            </div>
          </div>
        )}
      />
      <AggiungiCittadinoSlot idServizioLocale={dettaglio.idLocale} isOpen={addOpen} onClose={() => setAddOpen(false)} />
    </>
  )
}
