/**
 * Calls of the citizens registry (src/api/contract/registro-cittadini.ts): the card `POST cittadino/{id}`
 * (silent: the page says what failed) and the update `PUT cittadino/{id}` (errors toast, spec 002 §8).
 */
import { apiPost, apiPut } from '../../api/client'
import { profileIds, profileScope } from '../../api/lists'
import { SchedaCittadinoSchema, type AggiornaCittadinoBody } from '../../api/contract/registro-cittadini'
import * as v from 'valibot'

/** Query options of a citizen's card (key scoped by profile). */
export function schedaCittadinoQuery(id: string) {
  return {
    queryKey: ['cittadini-registro', 'scheda', id, ...profileScope()],
    queryFn: ({ signal }: { signal: AbortSignal }) => apiPost(`cittadino/${encodeURIComponent(id)}`, profileIds(), SchedaCittadinoSchema, { silent: true, signal }),
    retry: false,
  }
}

/** Saves the editable fields of citizen `id`. */
export function aggiornaCittadino(id: string, body: Omit<AggiornaCittadinoBody, 'idProgramma' | 'idProgetto' | 'idEnte'>) {
  return apiPut(`cittadino/${encodeURIComponent(id)}`, { ...profileIds(), ...body }, v.object({ id: v.number() }))
}
