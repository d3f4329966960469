/**
 * Calls of 'Il mio profilo' (contract src/api/contract/profilo.ts; server server/routes/profilo.ts):
 * update of the user's data, upload and removal of the picture, the role cards' `fullInfo`. After a
 * change the user context is read again (`refreshUserContext`), so the header and every page show it.
 * Failures reject with ApiCallError (the form shows the server's message next to the fields).
 */
import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { api, apiPost, toApiCallError } from '../../api/client'
import { loadAppConfig } from '../../api/config'
import { rootKeys } from '../../api/query-keys'
import { ContestoSchema, type Contesto } from '../../api/contract/contesto'
import { RuoliDettaglioSchema, type AggiornaProfilo } from '../../api/contract/profilo'
import { refreshUserContext } from '../../auth/session'
import { write } from '../../api/write'

/** Query keys of the profile page (issue 26 point 4). */
export const profiloKeys = { ruoli: (userId: number) => [...rootKeys.profilo, 'ruoli', userId] as const }

/**
 * `POST utente/profilo` based on the context's `versione` (issue 27: 409 V01 when stale); resolves with the new
 * context once the session holds it.
 */
export async function aggiornaProfilo(body: AggiornaProfilo, versione: number): Promise<Contesto> {
  // no query holds the user's data: the session does, read again below
  await write({ method: 'post', path: 'utente/profilo', body: { ...body, versione }, schema: ContestoSchema, withProfile: false, toast: 'none', invalidate: [] })
  return refreshUserContext()
}

/** `POST utente/upload/immagineProfilo` with the cropped square picture (JPEG bytes). */
export async function caricaImmagineProfilo(image: Blob): Promise<Contesto> {
  await loadAppConfig()
  try {
    const answer = await api.post('utente/upload/immagineProfilo', {
      body: image, headers: { 'content-type': image.type || 'image/jpeg' }, context: { silent: true },
    }).json()
    v.parse(ContestoSchema, answer)
  } catch (e) {
    throw toApiCallError(e)
  }
  return refreshUserContext()
}

/** `DELETE utente/immagineProfilo`: back to the initials. */
export async function eliminaImmagineProfilo(): Promise<Contesto> {
  await write({ method: 'delete', path: 'utente/immagineProfilo', schema: ContestoSchema, withProfile: false, toast: 'catalogue', invalidate: [] })
  return refreshUserContext()
}

/** `POST utente/profilo/ruoli`: every profile with its `fullInfo` (online only, not kept on the device). */
export function ruoliDettaglioQuery(userId: number) {
  return queryOptions({
    queryKey: profiloKeys.ruoli(userId),
    queryFn: ({ signal }) => apiPost('utente/profilo/ruoli', {}, RuoliDettaglioSchema, { silent: true, background: true, signal }),
  })
}
