/**
 * Online calls of the users screens (platform-backend §1.2, §2.10; contract src/api/contract/gestione.ts):
 * the user's card with roles and profiles, create (`POST /utente`: the person completes the data at the
 * first access, the foundation's registration flow), add and remove a directly assignable role
 * (`PUT /utente/{id}/ruolo`, `DELETE /utente/{id}/ruolo/{codice}`: R13 for roles bound to a link, U03, U05).
 * The card holds a fiscal code in clear: it is never kept on the device (the persister drops it).
 */
import { queryOptions } from '@tanstack/react-query'
import { apiPost } from '../../api/client'
import { IdRispostaSchema, SchedaUtenteSchema, type UtenteBody } from '../../api/contract/gestione'
import { fetchDropdown, profileIds } from '../../api/lists'
import { write } from '../../api/write'
import { RUOLI_UTENTE_KEYS, utentiKeys } from './keys'

// the global roles (RUOLI_GLOBALI) are always offered to a DTD (the server may refuse with its catalogue message)
import { RUOLI_CON_PROFILO, RUOLI_GLOBALI } from '../../lib/ruoli'

/** Roles bound to a programme/project link: they come and go with the links, never by hand (server R13). */
export const RUOLI_DI_COLLEGAMENTO = RUOLI_CON_PROFILO

export const utentePathOf = (id: number) => `/area-amministrativa/utenti/${id}`

/** `POST /utente/{id}` — the user with roles and profiles. */
export function schedaUtenteQuery(id: string) {
  return queryOptions({
    // not kept on the device (it shows a fiscal code in clear); read again whenever a page mounts it
    staleTime: 0,
    queryKey: utentiKeys.scheda(id),
    queryFn: ({ signal }) => apiPost(`utente/${encodeURIComponent(id)}`, profileIds(), SchedaUtenteSchema, { silent: true, signal }),
  })
}

/** Directly assignable role codes: the global ones plus the roles of the users list that are not link-bound. */
export function ruoliAssegnabiliQuery() {
  return queryOptions({
    queryKey: utentiKeys.ruoliAssegnabili(),
    queryFn: async ({ signal }) => {
      const presenti = (await fetchDropdown('utente', 'ruoli', signal).catch(() => [])).map((o) => o.value)
      const all = new Set<string>([...RUOLI_GLOBALI, ...presenti])
      return [...all].filter((c) => !(RUOLI_DI_COLLEGAMENTO as readonly string[]).includes(c)).sort()
    },
    staleTime: 5 * 60_000,
  })
}

/** `POST /utente` → the new user's id (U01 fiscal code used, U21 e-mail used). */
export const creaUtente = (b: Omit<UtenteBody, 'idProgramma' | 'idProgetto' | 'idEnte'>) =>
  write({ method: 'post', path: 'utente', body: b, schema: IdRispostaSchema, invalidate: RUOLI_UTENTE_KEYS })

/** `PUT /utente/{id}/ruolo`. */
export const aggiungiRuolo = (id: number, codiceRuolo: string) =>
  write({ method: 'put', path: `utente/${id}/ruolo`, body: { codiceRuolo }, schema: IdRispostaSchema, invalidate: RUOLI_UTENTE_KEYS })

/** `DELETE /utente/{id}/ruolo/{codiceRuolo}`. */
export const rimuoviRuolo = (id: number, codiceRuolo: string) =>
  write({ method: 'delete', path: `utente/${id}/ruolo/${encodeURIComponent(codiceRuolo)}`, schema: IdRispostaSchema, invalidate: RUOLI_UTENTE_KEYS })
