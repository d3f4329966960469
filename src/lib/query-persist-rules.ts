/**
 * Rules of the managers' persisted read cache (issue 9 point 6; used by src/api/query-persist.ts), pure
 * over a TanStack `PersistedClient` (`{ timestamp, buster, clientState: { queries, mutations } }`):
 * - only queries marked persistable (`meta.persist === true`) that hold data (`status: 'success'`);
 * - never a query whose key or data holds a fiscal code in clear (`containsClearFiscalCode`): such a
 *   query is dropped whole, whatever its mark (the users list, a search typed with a fiscal code…);
 * - never a query older than the maximum age (`dataUpdatedAt`, ms since epoch): the client's own timestamp
 *   is renewed at every save, so each query is aged by itself;
 * - at most `maxBytes` of UTF-8 JSON: the newest queries (by `dataUpdatedAt`) are kept, the oldest dropped;
 * - never a mutation.
 */
import type { PersistedClient } from '@tanstack/react-query-persist-client'

/** Days a persisted read stays usable offline. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000
/** Bound of the serialized store of one user (UTF-8 bytes). */
export const PERSIST_MAX_BYTES = 5 * 1024 * 1024

/**
 * A fiscal code in clear (spec 000 §5: 6 letters, 2 year digits, month letter, 2 day digits, a letter and
 * 3 digits of the place, control letter; omocodic digits as letters), anywhere in a text, any case.
 * Masked codes (src/lib/masked-identity.ts) do not match: their hidden characters are not letters or digits.
 */
const CLEAR_FISCAL_CODE = /[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]/i

/** True when `text` contains a fiscal code in clear. */
export function containsClearFiscalCode(text: string): boolean {
  return CLEAR_FISCAL_CODE.test(text)
}

/** A query as TanStack's `dehydrate` gives it. */
export type DehydratedQuery = PersistedClient['clientState']['queries'][number]

/** Marked persistable by its options (`meta: { persist: true }`): the only queries worth a look. */
export function isMarkedPersistable(query: { meta?: Record<string, unknown>; state: { status: string } }): boolean {
  return query.meta?.persist === true && query.state.status === 'success'
}

export interface PersistLimits {
  /** now, ms since epoch */
  now: number
  maxAgeMs: number
  maxBytes: number
}

export interface BoundedClient {
  client: PersistedClient
  /** `JSON.stringify(client)`, at most `maxBytes` UTF-8 bytes */
  text: string
  /** query hashes left out, by reason */
  dropped: { unmarked: string[]; fiscalCode: string[]; expired: string[]; size: string[] }
}

const utf8 = new TextEncoder()
const bytes = (s: string) => utf8.encode(s).length

/** Why a query is not stored ({@link storableQuery}). */
export type NotStoredReason = 'unmarked' | 'fiscalCode' | 'expired'

/** A query that may be stored: without its in-flight promise, its JSON and the JSON's UTF-8 size. */
export interface StorableQuery {
  query: DehydratedQuery
  json: string
  size: number
}

/**
 * The per-query rules (marked and read, not older than the maximum age, no fiscal code in clear): the
 * query ready to store, or why it is not stored. The size bound is over all the queries of a user
 * ({@link boundPersistedClient}).
 */
export function storableQuery(query: DehydratedQuery, limits: Pick<PersistLimits, 'now' | 'maxAgeMs'>): StorableQuery | { dropped: NotStoredReason } {
  if (!isMarkedPersistable(query as Parameters<typeof isMarkedPersistable>[0])) return { dropped: 'unmarked' }
  if (limits.now - query.state.dataUpdatedAt > limits.maxAgeMs) return { dropped: 'expired' }
  // a query carries no in-flight promise into storage
  const { promise: _promise, ...rest } = query as DehydratedQuery & { promise?: unknown }
  const json = JSON.stringify(rest)
  if (containsClearFiscalCode(json)) return { dropped: 'fiscalCode' }
  return { query: rest as DehydratedQuery, json, size: bytes(json) }
}

/** Applies every rule of the module comment to a client about to be stored. */
export function boundPersistedClient(client: PersistedClient, limits: PersistLimits): BoundedClient {
  const dropped: BoundedClient['dropped'] = { unmarked: [], fiscalCode: [], expired: [], size: [] }
  const candidates: StorableQuery[] = []
  for (const query of client.clientState.queries) {
    const storable = storableQuery(query, limits)
    if ('dropped' in storable) dropped[storable.dropped].push(query.queryHash)
    else candidates.push(storable)
  }
  candidates.sort((a, b) => b.query.state.dataUpdatedAt - a.query.state.dataUpdatedAt)
  const envelope = { ...client, clientState: { mutations: [], queries: [] as DehydratedQuery[] } }
  let total = bytes(JSON.stringify(envelope))
  for (const c of candidates) {
    const extra = c.size + (envelope.clientState.queries.length > 0 ? 1 : 0)
    if (total + extra > limits.maxBytes) {
      dropped.size.push(c.query.queryHash)
      continue
    }
    total += extra
    envelope.clientState.queries.push(c.query)
  }
  return { client: envelope, text: JSON.stringify(envelope), dropped }
}

/** A stored client read back: the queries past the maximum age are left out (the rest is kept as is). */
export function withoutExpired(client: PersistedClient, limits: Pick<PersistLimits, 'now' | 'maxAgeMs'>): PersistedClient {
  const queries = client.clientState.queries.filter((q) => limits.now - q.state.dataUpdatedAt <= limits.maxAgeMs)
  return { ...client, clientState: { mutations: [], queries } }
}
