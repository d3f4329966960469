/**
 * Principal cache (ARCHITECTURE "The server"; the write path of the outbox replay): building a Principal
 * takes three to seven queries, by the roles held (server/domain/principal.ts), on every `/api` request. This
 * cache keeps the built principal per fiscal code and reuses it only while the database's principal generation
 * is unchanged: `principal_generation.gen`, which triggers (migration 0002) increase in the same transaction as any
 * write to a table a principal is built from (users, roles, permissions, referent and facilitator links,
 * programmes, projects, bodies, partners). So a role removed, a profile chosen or a user integrated is seen
 * by the very next request — whoever wrote it: a route, the seed, another server process on the same
 * PostgreSQL, an administrator's SQL session. Each request costs one one-row read instead of those queries
 * (on PGlite not even that: the triggers' NOTIFY reaches the one in-process session at COMMIT, see
 * `DatabaseHandle.principalGeneration` in server/db/index.ts).
 *
 * - The generation is read BEFORE the principal is loaded: a write that lands in between leaves the entry
 *   tagged with the older generation, so the next request reloads it (never a newer tag on older data).
 * - Concurrent misses for the same fiscal code and generation share one load.
 * - Unknown fiscal codes are cached too (`null`): a user created later bumps the generation.
 * - Entries are deep-frozen (shared between requests), at most `maxEntries` (least recently used evicted)
 *   and at most `maxAgeMs` old (a bound, should the triggers ever be dropped). Each entry's age limit is drawn
 *   between half and all of `maxAgeMs`: principals loaded together (a generation change, a busy minute) then
 *   expire spread over time instead of all reloading in the same second (issue 14 point 4: such a burst of
 *   reloads, of three to seven queries each, stalled writes on a busy server).
 */
import { principalGeneration } from '../db/schema'
import type { Executor } from '../db/types'
import type { Principal, PrincipalLoader } from './types'

export interface PrincipalCacheOptions {
  /** the uncached loader (createPrincipalLoader) */
  load: PrincipalLoader
  /** the current principal generation (readPrincipalGeneration) */
  generation: () => Promise<string>
  /** default 1000 */
  maxEntries?: number
  /** default 60 s */
  maxAgeMs?: number
  /** clock (tests) */
  now?: () => number
  /** a number in [0, 1) drawing each entry's age limit (tests; default Math.random) */
  random?: () => number
}

/** A PrincipalLoader backed by the cache, with `clear()` (tests, shutdown). */
export interface CachedPrincipalLoader extends PrincipalLoader {
  clear(): void
  readonly size: number
}

interface Entry {
  generation: string
  at: number
  /** this entry's age limit (ms) */
  maxAge: number
  value: Principal | null
}

/** The current principal generation as a string (bigint-safe on both drivers); '' when the row is missing. */
export async function readPrincipalGeneration(db: Executor): Promise<string> {
  const [row] = await db.select({ gen: principalGeneration.gen }).from(principalGeneration)
  return row ? String(row.gen) : ''
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const v of Object.values(value)) deepFreeze(v)
  }
  return value
}

/** Wraps `opts.load` with the generation-checked cache described in the module comment. */
export function createPrincipalCache(opts: PrincipalCacheOptions): CachedPrincipalLoader {
  const maxEntries = opts.maxEntries ?? 1000
  const maxAgeMs = opts.maxAgeMs ?? 60_000
  const now = opts.now ?? Date.now
  const random = opts.random ?? Math.random
  const entries = new Map<string, Entry>()
  const loading = new Map<string, { generation: string; promise: Promise<Principal | null> }>()

  const loader = async (codiceFiscale: string): Promise<Principal | null> => {
    const key = codiceFiscale.trim().toUpperCase()
    const generation = await opts.generation()
    // no generation row (triggers missing): never trust a cached principal
    if (generation === '') return opts.load(key)
    const hit = entries.get(key)
    if (hit && hit.generation === generation && now() - hit.at < hit.maxAge) {
      entries.delete(key)
      entries.set(key, hit) // most recently used last
      return hit.value
    }
    const inFlight = loading.get(key)
    if (inFlight && inFlight.generation === generation) return inFlight.promise
    const at = now()
    const promise = opts.load(key).then((value) => {
      const frozen = deepFreeze(value)
      if (loading.get(key)?.promise === promise) {
        entries.delete(key)
        entries.set(key, { generation, at, maxAge: maxAgeMs * (0.5 + 0.5 * random()), value: frozen })
        while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
      }
      return frozen
    }).finally(() => {
      if (loading.get(key)?.promise === promise) loading.delete(key)
    })
    loading.set(key, { generation, promise })
    return promise
  }
  const clear = () => {
    entries.clear()
    loading.clear()
  }
  return Object.defineProperties(Object.assign(loader, { clear }), {
    size: { get: () => entries.size, enumerable: true },
  }) as CachedPrincipalLoader
}
