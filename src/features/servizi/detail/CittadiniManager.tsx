/**
 * 'Cittadini' tab for managers, online and read-only: `servizio/cittadino/all/{id}` with the fiscal-code
 * search and the state filter applied by the server, 8 per page; counters from the answer. Offline: the
 * pages kept on the device (without a search; 'Dati aggiornati al …' is above the card, issue 9 point 6).
 */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { StatoQuestionarioWire } from '../../../api/contract/questionario'
import { OFFLINE_TEXTS, useOfflineData } from '../../../ui/offline-data'
import { cittadiniServizioQuery } from '../api'
import { CittadiniView } from './CittadiniView'
import { pathStampaVuoto, rigaCittadinoDaServer } from './cittadini-list'

export function CittadiniManager({ serviceId }: { serviceId: string }) {
  const [criterio, setCriterio] = useState('')
  const [stati, setStati] = useState<string[]>([])
  const [page, setPage] = useState(1)
  const q = useQuery(cittadiniServizioQuery(serviceId, criterio, stati as StatoQuestionarioWire[], page))
  const data = q.data
  const offline = useOfflineData(q)
  return (
    <CittadiniView
      partecipanti={data?.numeroCittadini ?? null}
      compilati={data?.numeroQuestionariCompilati ?? null}
      criterio={criterio}
      onSearch={(c) => {
        setCriterio(c)
        setPage(1)
      }}
      stati={stati}
      onStati={(s) => {
        setStati(s)
        setPage(1)
      }}
      rows={data?.cittadini.map(rigaCittadinoDaServer)}
      page={page}
      totalPages={Math.max(1, data?.numeroPagine ?? 1)}
      onPage={setPage}
      serviceRouteId={serviceId}
      canWrite={false}
      stampaVuoto={pathStampaVuoto(serviceId)}
      error={offline.missing ? { message: OFFLINE_TEXTS.nonSalvati, retry: () => void q.refetch() } : q.isError && !data ? { message: 'Non è stato possibile caricare i cittadini del servizio. Controlla la connessione e riprova.', retry: () => void q.refetch() } : null}
    />
  )
}
