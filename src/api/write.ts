/**
 * The one client write (issue 26 point 4; platform-backend §2–§13): every POST, PUT and DELETE of the app
 * that changes the server's data goes through {@link write} (the field outboxes' replay is a transport of
 * src/offline, not a write in this sense).
 * - body: the chosen profile's ids (src/auth/current-profile.ts) then `body` (`withProfile: false`: `body`
 *   alone, or no body at all when it is absent);
 * - answer: validated with `schema` (valibot or any Standard Schema);
 * - failure: the one error policy of src/api/client.ts (spec 000 §8) — 401 ends or expires the session, A02
 *   opens /auth-redirect, D01 is silent, otherwise the catalogue's toast: `toast: 'server'` with the server's
 *   message written for the action (U20 here means 'no user has this fiscal code'), `'catalogue'` with the
 *   catalogue's description, `'none'` no toast (the page shows {@link messaggioErrore} where the user acted).
 *   It rejects with ApiCallError, whatever failed (the request, or the answer's check);
 * - success: the queries under each key of `invalidate` (prefixes, src/api/query-keys.ts and the features'
 *   factories) are invalidated — the ones on screen read again before the promise resolves — and only those.
 */
import type { QueryKey } from '@tanstack/react-query'
import type { StandardSchemaV1, StandardSchemaV1InferOutput } from 'ky'
import { api, ApiCallError, handleApiFailure, toApiCallError } from './client'
import { loadAppConfig } from './config'
import { profileIds } from '../auth/current-profile'
import { queryClient } from './query'

export { messaggioErrore } from './error-message'

export type WriteMethod = 'post' | 'put' | 'delete'

/** How a failed write is told to the user besides the rejection (see the module comment). */
export type WriteToast = 'server' | 'catalogue' | 'none'

export interface WriteRequest<S extends StandardSchemaV1> {
  method: WriteMethod
  /** relative to the API base ('sede', `programma/${id}`) */
  path: string
  /** the fields of the body after the profile's ids */
  body?: object
  schema: S
  /** the query-key prefixes whose data this write can change ([]: none) */
  invalidate: readonly QueryKey[]
  /** default 'server' */
  toast?: WriteToast
  /** default true: the body starts with the chosen profile's ids */
  withProfile?: boolean
  /** no loader overlay (a write the user does not wait for: marking notifications read) */
  background?: boolean
  headers?: Record<string, string>
}

/** Sends the write, invalidates `invalidate` on success; rejects with ApiCallError (see the module comment). */
export async function write<S extends StandardSchemaV1>(r: WriteRequest<S>): Promise<StandardSchemaV1InferOutput<S>> {
  await loadAppConfig()
  const toast = r.toast ?? 'server'
  const json = r.withProfile === false ? r.body : { ...profileIds(), ...r.body }
  let out: StandardSchemaV1InferOutput<S>
  try {
    out = await api(r.path, {
      method: r.method,
      ...(json === undefined ? {} : { json }),
      headers: r.headers,
      context: { silent: toast === 'none', serverMessage: toast === 'server', background: r.background === true },
    }).json(r.schema)
  } catch (e) {
    if (e instanceof ApiCallError) throw e
    // a failure after the answer (its check, its body) does not pass through the client's hooks
    const err = toApiCallError(e)
    await handleApiFailure(err, { silent: toast === 'none', serverMessage: toast === 'server' })
    throw err
  }
  await invalidate(r.invalidate)
  return out
}

/** Invalidates the queries under each prefix of `keys` (the ones on screen read again); resolves when they have. */
export async function invalidate(keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}
