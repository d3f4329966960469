/**
 * 'Elenco servizi' of a manager, online: `POST servizio/all` paged on the server (8 per page) with the
 * filters, options from the two dropdown calls. Needs `QueryProvider` above it. Offline it shows the pages
 * kept on the device with 'Dati aggiornati al …' (issue 9 point 6).
 */
import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { DatiAggiornatiAl, OFFLINE_TEXTS, useOfflineData } from '../../../ui/offline-data'
import { serviziDropdownQuery, serviziListaQuery } from '../api'
import { T } from '../labels'
import { FILTRI_VUOTI, rigaDaServer, type FiltriServizi } from './servizi-list'
import { ServiziListView } from './ServiziListView'

export function ServiziManagerList({ csv }: { csv?: (filtri: FiltriServizi) => ReactNode }) {
  const [filtri, setFiltri] = useState<FiltriServizi>(FILTRI_VUOTI)
  const [page, setPage] = useState(1)
  const lista = useQuery(serviziListaQuery(filtri, page))
  const tipologie = useQuery(serviziDropdownQuery('tipologiaServizio'))
  const stati = useQuery(serviziDropdownQuery('stati'))
  const data = lista.data
  const offline = useOfflineData(lista)
  return (
    <>
    <DatiAggiornatiAl data={offline} />
    <ServiziListView
      rows={data?.servizi.map(rigaDaServer)}
      total={data?.numeroTotaleElementi ?? 0}
      page={page}
      totalPages={Math.max(1, data?.numeroPagine ?? 1)}
      onPage={setPage}
      filtri={filtri}
      onFiltri={(f) => {
        setFiltri(f)
        setPage(1)
      }}
      tipologie={tipologie.data ?? []}
      stati={stati.data ?? []}
      error={
        offline.missing ? { message: OFFLINE_TEXTS.nonSalvati, retry: () => void lista.refetch() }
        : lista.isError && !data ? { message: T.erroreLista, retry: () => void lista.refetch() }
        : null
      }
      csv={csv?.(filtri)}
    />
    </>
  )
}
