/**
 * Calls of role management (src/api/contract/ruoli.ts): groups and role reads (silent: the page says what
 * failed), create / update (errors toast with the catalogue's message, spec 002 §8) and delete (its
 * confirmation dialog says why it failed, e.g. R12) through the one `write` (src/api/write.ts): the bodies
 * carry no profile ids (roles are the platform's); success refreshes the roles' reads.
 */
import * as v from 'valibot'
import { apiGet } from '../../api/client'
import { write } from '../../api/write'
import { ruoliKeys } from './keys'
import { DettaglioRuoloSchema, GruppiSchema, RuoloCreatoSchema } from '../../api/contract/ruoli'

export const ruoloPath = (codice: string) => `/gestione-ruoli/${encodeURIComponent(codice)}`
const api = (codice: string) => `ruolo/${encodeURIComponent(codice)}`

export const gruppiQuery = {
  queryKey: ruoliKeys.gruppi,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet('gruppo/all', GruppiSchema, { silent: true, signal }),
  staleTime: 5 * 60_000,
}

export function ruoloQuery(codice: string) {
  return {
    queryKey: ruoliKeys.dettaglio(codice),
    queryFn: ({ signal }: { signal: AbortSignal }) => apiGet(api(codice), DettaglioRuoloSchema, { silent: true, signal }),
    retry: false,
  }
}

export const creaRuolo = (nome: string, gruppi: string[]) =>
  write({ method: 'post', path: 'ruolo', body: { nome, gruppi }, schema: RuoloCreatoSchema, withProfile: false, toast: 'catalogue', invalidate: [ruoliKeys.all] })
/** Update of a role based on its detail's `versione` (issue 27: 409 V01 when stale). */
export const aggiornaRuolo = (codice: string, nome: string, gruppi: string[], versione: number) =>
  write({ method: 'put', path: api(codice), body: { nome, gruppi, versione }, schema: RuoloCreatoSchema, withProfile: false, toast: 'catalogue', invalidate: [ruoliKeys.all] })
/** Delete of a role based on its detail's `versione` (issue 27). */
export const eliminaRuolo = (codice: string, versione: number) =>
  write({ method: 'delete', path: api(codice), body: { versione }, schema: v.object({ codice: v.string() }), withProfile: false, toast: 'none', invalidate: [ruoliKeys.all] })
