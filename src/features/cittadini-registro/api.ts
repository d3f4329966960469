/**
 * Calls of the citizens registry (src/api/contract/registro-cittadini.ts): the card `POST cittadino/{id}`
 * (silent: the page says what failed) and the update `PUT cittadino/{id}` through the one `write` (errors toast,
 * spec 002 §8; success refreshes the registry, the cards' unique users and the services' citizens).
 */
import { apiPost } from '../../api/client'
import { profileIds } from '../../api/lists'
import { rootKeys } from '../../api/query-keys'
import { write } from '../../api/write'
import { registroKeys } from './keys'
import { SchedaCittadinoSchema, type AggiornaCittadinoBody } from '../../api/contract/registro-cittadini'
import * as v from 'valibot'

/** Query options of a citizen's card (key scoped by profile). */
export function schedaCittadinoQuery(id: string) {
  return {
    queryKey: registroKeys.scheda(id),
    queryFn: ({ signal }: { signal: AbortSignal }) => apiPost(`cittadino/${encodeURIComponent(id)}`, profileIds(), SchedaCittadinoSchema, { silent: true, signal }),
    retry: false,
  }
}

/** Saves the editable fields of citizen `id`, based on the card's `versione` (issue 27: 409 V01 when stale). */
export function aggiornaCittadino(id: string, body: Omit<AggiornaCittadinoBody, 'idProgramma' | 'idProgetto' | 'idEnte'>, versione: number) {
  return write({
    method: 'put', path: `cittadino/${encodeURIComponent(id)}`, body: { ...body, versione }, schema: v.object({ id: v.number() }), toast: 'catalogue',
    invalidate: [registroKeys.all, rootKeys.utentiUnici, rootKeys.servizi],
  })
}
