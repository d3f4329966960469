/**
 * Writes of the administrative screens (platform-backend §2.1–2.7): POST, PUT and DELETE with a JSON
 * body carrying the chosen profile's ids, the answer validated with `schema`. A failure shows the error
 * catalogue's toast (title and '(errore {code})', spec 002 §8) with the server's message, written for the
 * action (U20 here means 'no user has this fiscal code', not the login's wording), and rejects with ApiCallError.
 * After a successful write every cached read is invalidated: the detail pages and lists refetch.
 */
import type { StandardSchemaV1, StandardSchemaV1InferOutput } from 'ky'
import { api, toApiCallError } from './client'
import { loadAppConfig } from './config'
import { profileIds } from './lists'
import { queryClient } from './query'

export type WriteMethod = 'post' | 'put' | 'delete'

/** `method` `path` with `{...profileIds(), ...body}`; see the module comment. */
export async function apiWrite<S extends StandardSchemaV1>(method: WriteMethod, path: string, body: object, schema: S): Promise<StandardSchemaV1InferOutput<S>> {
  await loadAppConfig()
  let out: StandardSchemaV1InferOutput<S>
  try {
    out = await api[method](path, { context: { serverMessage: true }, json: { ...profileIds(), ...body } }).json(schema)
  } catch (e) {
    throw toApiCallError(e)
  }
  await queryClient.invalidateQueries()
  return out
}
