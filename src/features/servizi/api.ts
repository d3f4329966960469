/**
 * Online calls of the services screens (spec 002 §7 "Services"; platform-backend §5.1–5.2), used by
 * managers (and by facilitators for the CSV and the fiscal-code search, which need the server):
 * query options for TanStack Query and the CSV download. Every body carries the chosen profile's ids.
 * List and dropdown reads are `silent` (spec 002 §8: they fail without a toast; the page says it).
 * The list, the dropdowns, the card and the citizens of a service (without a search: the search may be a
 * fiscal code) are kept on the device for offline reading (`PERSISTENT_READ`, issue 9 point 6); their
 * answers hold no fiscal code in clear (citizens carry only masked identifiers).
 */
import { queryOptions } from '@tanstack/react-query'
import { apiPost } from '../../api/client'
import { downloadCsv, fetchListPage, profileIds as listProfileIds, profileScope } from '../../api/lists'
import { PERSISTENT_READ } from '../../api/query'
import { CittadiniServizioRispostaSchema } from '../../api/contract/cittadino'
import type { StatoQuestionarioWire } from '../../api/contract/questionario'
import {
  DropdownStringheSchema, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, SchedaServizioSchema, ServiziListaSchema,
} from '../../api/contract/servizio'
import type { ListPage } from '../../ui/list/ServerList'
import { optionsOf, type FilterOption } from '../../ui/widgets/filter-options'
import { filtroRequest, rigaDaServer, type FiltriServizi, type RigaServizio } from './list/servizi-list'

/** The chosen profile's ids (null for unscoped roles). */
export const profileIds = listProfileIds

/** Cache scope: role and profile ids, so that switching profile never shows another profile's data. */
const scope = profileScope

/** Query key roots (for invalidation). */
export const serviziKeys = {
  all: ['servizi'] as const,
  /** root of the list's pages (the list state is appended by the list pattern) */
  listaRoot: () => ['servizi', 'lista', ...scope()] as const,
  dropdown: (tipo: 'tipologiaServizio' | 'stati') => ['servizi', 'dropdown', tipo, ...scope()] as const,
  /** the field roles' older services, online, from the day `dal` (ServiziPrecedenti) */
  campoArchivio: (dal: string) => ['servizi', 'campo-archivio', ...scope(), dal] as const,
  scheda: (id: string) => ['servizi', 'scheda', ...scope(), id] as const,
  cittadini: (id: string, criterio: string, stati: readonly string[], page: number, pageSize: number) =>
    ['servizi', 'cittadini', ...scope(), id, criterio, stati, page, pageSize] as const,
}

/** Narrows the services list to one programme or one project (inside the caller's scope; detail step 3). */
export type AmbitoServizi = { idProgramma: number } | { idProgetto: number }

/**
 * `POST servizio/all?currPage&pageSize` — one page (1-based `page`) of the services with the filters, as
 * list rows; `ambito` narrows them to one programme or project.
 */
export async function fetchServiziPage(filtri: FiltriServizi, page: number, signal?: AbortSignal, ambito?: AmbitoServizi): Promise<ListPage<RigaServizio>> {
  const d = await fetchListPage('servizio', page, { ...profileIds(), filtroRequest: { ...filtroRequest(filtri), ...ambito } }, ServiziListaSchema, signal)
  return { rows: d.servizi.map(rigaDaServer), total: d.numeroTotaleElementi, totalPages: d.numeroPagine }
}

/** `POST servizio/{tipo}/dropdown` — the values of a filter (label = value). */
export async function fetchServiziDropdown(tipo: 'tipologiaServizio' | 'stati', signal?: AbortSignal): Promise<FilterOption[]> {
  const values = await apiPost(`servizio/${tipo}/dropdown`, profileIds(), DropdownStringheSchema, { silent: true, background: true, signal })
  return optionsOf(values)
}

/** `POST servizio/{id}/schedaDettaglio` — the service card (managers). */
export function schedaServizioQuery(id: string) {
  return queryOptions({
    ...PERSISTENT_READ,
    queryKey: serviziKeys.scheda(id),
    queryFn: ({ signal }) => apiPost(`servizio/${encodeURIComponent(id)}/schedaDettaglio`, profileIds(), SchedaServizioSchema, { signal }),
  })
}

/**
 * `POST servizio/cittadino/all/{id}?currPage&pageSize` — citizens of a service: `criterio` is a fiscal
 * code (the server matches its keyed hash) or a citizen id; `stati` filters the survey states.
 */
export function cittadiniServizioQuery(id: string, criterio: string, stati: readonly StatoQuestionarioWire[], page: number, pageSize = PAGE_SIZE_DEFAULT) {
  return queryOptions({
    ...(criterio === '' ? PERSISTENT_READ : {}),
    queryKey: serviziKeys.cittadini(id, criterio, stati, page, pageSize),
    queryFn: ({ signal }) =>
      apiPost(
        `servizio/cittadino/all/${encodeURIComponent(id)}?currPage=${page - 1}&pageSize=${Math.min(pageSize, PAGE_SIZE_MAX)}`,
        { ...profileIds(), filtroRequest: { criterioRicerca: criterio || null, statiQuestionario: stati.length ? [...stati] : undefined } },
        CittadiniServizioRispostaSchema,
        { silent: true, signal },
      ),
    placeholderData: (previous) => previous,
  })
}

/** `POST servizio/download` with the list's filters → 'servizi.csv'. Errors toast (client) and reject. */
export function scaricaServiziCsv(filtri: FiltriServizi, ambito?: AmbitoServizi): Promise<void> {
  return downloadCsv('servizio', { ...profileIds(), filtroRequest: { ...filtroRequest(filtri), ...ambito } }, 'servizi.csv')
}
