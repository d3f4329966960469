/**
 * 'Elenco servizi' of a manager, online, on the list pattern (ServerList): `POST servizio/all` paged on the
 * server (8 per page) with the filters of the URL, options from the two dropdown calls, 'Scarica CSV'
 * (`POST servizio/download`) when `canDownload`. Needs `QueryProvider` above it.
 */
import { useMemo } from 'react'
import { useSession } from '../../../auth/session'
import { countLabel } from '../../../lib/plural'
import { ServerList, type ListDefinition } from '../../../ui/list/ServerList'
import { fetchServiziDropdown, fetchServiziPage, scaricaServiziCsv, serviziKeys, type AmbitoServizi } from '../api'
import { T } from '../labels'
import { FILTRO_STATO, FILTRO_TIPOLOGIA, filtriDaStato, type RigaServizio } from './servizi-list'
import { nonAttivoNote, SERVIZI_COLUMNS, servizioSummary } from './ServiziTable'

/**
 * The definition of the managers' services list; `ambito` narrows it to one programme or project (the
 * detail pages' step 3), with its own cache key.
 */
export function serviziDefinition(canDownload: boolean, ambito?: AmbitoServizi): ListDefinition<RigaServizio> {
  return {
    caption: T.titoloLista,
    columns: SERVIZI_COLUMNS,
    rowKey: (r) => r.key,
    summary: servizioSummary,
    search: { label: T.cercaLabel, placeholder: T.cercaPlaceholder },
    filters: [
      { key: FILTRO_TIPOLOGIA, label: T.filtroTipologia, optionsKey: serviziKeys.dropdown('tipologiaServizio'), loadOptions: (signal) => fetchServiziDropdown('tipologiaServizio', signal) },
      { key: FILTRO_STATO, label: T.filtroStato, optionsKey: serviziKeys.dropdown('stati'), loadOptions: (signal) => fetchServiziDropdown('stati', signal) },
    ],
    queryKey: ambito ? [...serviziKeys.listaRoot(), ambito] : serviziKeys.listaRoot(),
    fetchPage: (s, signal) => fetchServiziPage(filtriDaStato(s), s.page, signal, ambito),
    countLabel: (n) => countLabel(n, 'servizio', 'servizi'),
    errorMessage: T.erroreLista,
    download: canDownload ? (s) => scaricaServiziCsv(filtriDaStato(s), ambito) : undefined,
    footer: (rows) => nonAttivoNote(rows, T.nonAttivoElenco),
    filtersTestId: 'servizi-filters',
    persist: true,
  }
}

export function ServiziManagerList({ canDownload }: { canDownload: boolean }) {
  const profilo = useSession().profilo
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the profile changes (query keys carry its scope)
  const definition = useMemo(() => serviziDefinition(canDownload), [canDownload, profilo])
  return <ServerList definition={definition} />
}
