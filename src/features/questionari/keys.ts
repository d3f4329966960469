/**
 * Query keys of the managers' survey screens (issue 26 point 4): a compiled instance, and the service card
 * they read its template from (under the services' root, the same for every profile as it always was).
 */
import { rootKeys } from '../../api/query-keys'

export const questionariKeys = {
  compilato: (id: string) => [...rootKeys.questionari, 'compilato', id] as const,
  schedaServizio: (serviceId: string) => [...rootKeys.servizi, 'scheda', serviceId] as const,
}
