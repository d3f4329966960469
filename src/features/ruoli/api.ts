/**
 * Calls of role management (src/api/contract/ruoli.ts): groups and role reads (silent: the page says what
 * failed), create / update / delete (errors toast with the catalogue's message, spec 002 §8).
 */
import * as v from 'valibot'
import { apiDelete, apiGet, apiPost, apiPut } from '../../api/client'
import { DettaglioRuoloSchema, GruppiSchema, RuoloCreatoSchema } from '../../api/contract/ruoli'

export const ruoloPath = (codice: string) => `/gestione-ruoli/${encodeURIComponent(codice)}`
const api = (codice: string) => `ruolo/${encodeURIComponent(codice)}`

export const gruppiQuery = {
  queryKey: ['ruoli', 'gruppi'],
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet('gruppo/all', GruppiSchema, { silent: true, signal }),
  staleTime: 5 * 60_000,
}

export function ruoloQuery(codice: string) {
  return {
    queryKey: ['ruoli', 'dettaglio', codice],
    queryFn: ({ signal }: { signal: AbortSignal }) => apiGet(api(codice), DettaglioRuoloSchema, { silent: true, signal }),
    retry: false,
  }
}

export const creaRuolo = (nome: string, gruppi: string[]) => apiPost('ruolo', { nome, gruppi }, RuoloCreatoSchema)
export const aggiornaRuolo = (codice: string, nome: string, gruppi: string[]) => apiPut(api(codice), { nome, gruppi }, RuoloCreatoSchema)
export const eliminaRuolo = (codice: string) => apiDelete(api(codice), v.object({ codice: v.string() }))
