/**
 * Online reads of the survey screens for managers (non field roles; spec 002 §7 "Services"): the compiled
 * instance `POST servizio/cittadino/questionarioCompilato/compilato/{id}` and the service card
 * `POST servizio/{id}/schedaDettaglio` (its `questionarioTemplateSnapshot` gives the section titles and
 * question labels). Bodies carry the chosen profile's ids. TanStack Query options; errors are
 * `ApiCallError` (the client already showed the catalogue toast).
 */
import { queryOptions } from '@tanstack/react-query'
import { apiPost } from '../../api/client'
import { QuestionarioCompilatoSchema } from '../../api/contract/questionario'
import { SchedaServizioSchema } from '../../api/contract/servizio'
import { profileIds } from '../../auth/current-profile'
import { questionariKeys } from './keys'

/** Query of a compiled instance by id. */
export const questionarioCompilatoQuery = (id: string) =>
  queryOptions({
    queryKey: questionariKeys.compilato(id),
    queryFn: () => apiPost(`servizio/cittadino/questionarioCompilato/compilato/${encodeURIComponent(id)}`, profileIds(), QuestionarioCompilatoSchema),
  })

/** Query of a service card by server id. */
export const schedaServizioQuery = (serviceId: string) =>
  queryOptions({
    queryKey: questionariKeys.schedaServizio(serviceId),
    queryFn: () => apiPost(`servizio/${encodeURIComponent(serviceId)}/schedaDettaglio`, profileIds(), SchedaServizioSchema),
  })
