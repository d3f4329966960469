/**
 * Online reads of the survey screens for managers (non field roles; spec 002 §7 "Services"): the compiled
 * instance `POST servizio/cittadino/questionarioCompilato/compilato/{id}` and the service card
 * `POST servizio/{id}/schedaDettaglio` (its `questionarioTemplateSnapshot` gives the section titles and
 * question labels). Bodies carry the chosen profile's ids. TanStack Query options; errors are
 * `ApiCallError` (the client already showed the catalogue toast).
 */
import { queryOptions } from '@tanstack/react-query'
import { apiPost } from '../../api/client'
import type { ProfileIds } from '../../api/contract/common'
import { QuestionarioCompilatoSchema } from '../../api/contract/questionario'
import { SchedaServizioSchema } from '../../api/contract/servizio'
import { getSessionState } from '../../auth/session'

/** Profile ids of the chosen profile for request bodies. */
export function profileIdsBody(): ProfileIds {
  const p = getSessionState().profilo
  return { idProgramma: p?.idProgramma ?? null, idProgetto: p?.idProgetto ?? null, idEnte: p?.idEnte ?? null }
}

/** Query of a compiled instance by id. */
export const questionarioCompilatoQuery = (id: string) =>
  queryOptions({
    queryKey: ['questionari', 'compilato', id],
    queryFn: () => apiPost(`servizio/cittadino/questionarioCompilato/compilato/${encodeURIComponent(id)}`, profileIdsBody(), QuestionarioCompilatoSchema),
  })

/** Query of a service card by server id. */
export const schedaServizioQuery = (serviceId: string) =>
  queryOptions({
    queryKey: ['servizi', 'scheda', serviceId],
    queryFn: () => apiPost(`servizio/${encodeURIComponent(serviceId)}/schedaDettaglio`, profileIdsBody(), SchedaServizioSchema),
  })
