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
import { api, apiPost } from '../../api/client'
import { loadAppConfig } from '../../api/config'
import { PERSISTENT_READ } from '../../api/query'
import { CittadiniServizioRispostaSchema } from '../../api/contract/cittadino'
import type { ProfileIds } from '../../api/contract/common'
import type { StatoQuestionarioWire } from '../../api/contract/questionario'
import {
  DropdownStringheSchema, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, SchedaServizioSchema, ServiziListaSchema,
} from '../../api/contract/servizio'
import { getSessionState } from '../../auth/session'
import { filtroRequest, type FiltriServizi } from './list/servizi-list'

/** The chosen profile's ids (null for unscoped roles). */
export function profileIds(): ProfileIds {
  const p = getSessionState().profilo
  return { idProgramma: p?.idProgramma ?? null, idProgetto: p?.idProgetto ?? null, idEnte: p?.idEnte ?? null }
}

/** Cache scope: role and profile ids, so that switching profile never shows another profile's data. */
function scope(): unknown[] {
  const p = getSessionState().profilo
  return [p?.codiceRuolo ?? null, p?.idProgramma ?? null, p?.idProgetto ?? null, p?.idEnte ?? null]
}

/** Query key roots (for invalidation). */
export const serviziKeys = {
  all: ['servizi'] as const,
  lista: (filtri: FiltriServizi, page: number) => ['servizi', 'lista', ...scope(), filtri, page] as const,
  dropdown: (tipo: 'tipologiaServizio' | 'stati') => ['servizi', 'dropdown', tipo, ...scope()] as const,
  scheda: (id: string) => ['servizi', 'scheda', ...scope(), id] as const,
  cittadini: (id: string, criterio: string, stati: readonly string[], page: number, pageSize: number) =>
    ['servizi', 'cittadini', ...scope(), id, criterio, stati, page, pageSize] as const,
}

/** `POST servizio/all?currPage&pageSize` — one page (1-based `page`) of the services with the filters. */
export function serviziListaQuery(filtri: FiltriServizi, page: number) {
  return queryOptions({
    ...PERSISTENT_READ,
    queryKey: serviziKeys.lista(filtri, page),
    queryFn: ({ signal }) =>
      apiPost(`servizio/all?currPage=${page - 1}&pageSize=${PAGE_SIZE_DEFAULT}`, { ...profileIds(), filtroRequest: filtroRequest(filtri) }, ServiziListaSchema, { silent: true, signal }),
    placeholderData: (previous) => previous,
  })
}

/** `POST servizio/{tipo}/dropdown` — the values of a filter. */
export function serviziDropdownQuery(tipo: 'tipologiaServizio' | 'stati') {
  return queryOptions({
    ...PERSISTENT_READ,
    queryKey: serviziKeys.dropdown(tipo),
    queryFn: ({ signal }) => apiPost(`servizio/${tipo}/dropdown`, profileIds(), DropdownStringheSchema, { silent: true, background: true, signal }),
    staleTime: 5 * 60_000,
  })
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

/** Offers `text` as a CSV file named `filename` (UTF-8). */
export function saveCsv(text: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  a.rel = 'noopener'
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** `POST servizio/download` with the list's filters → 'servizi.csv'. Errors toast (client) and reject. */
export async function scaricaServiziCsv(filtri: FiltriServizi): Promise<void> {
  await loadAppConfig()
  const text = await api.post('servizio/download', { context: {}, json: { ...profileIds(), filtroRequest: filtroRequest(filtri) } }).text()
  saveCsv(text, 'servizi.csv')
}
