/**
 * Managers read offline (issue 9 point 6): the READ queries of the app's QueryClient marked persistable
 * (`meta: { persist: true }`, see `persistentQuery` in query.tsx) are saved per user in IndexedDB and
 * restored at the next start, before the manager pages query anything, so an offline start shows what
 * was viewed in the last days. Rules of what is stored: src/lib/query-persist-rules.ts (7 days, 5 MB,
 * never a fiscal code in clear, never a mutation).
 *
 * Storage: the IndexedDB database `pd-query-cache`, table `clients` (`key`, `value` = the serialized
 * TanStack `PersistedClient`, `savedAt` ms), one row per user, keyed `rq-` + the user's owner hash
 * (src/offline/device.ts: salted PBKDF2 of the fiscal code, never the code in clear). Saved through
 * `@tanstack/query-async-storage-persister` (throttled 1 s) and restored with
 * `@tanstack/react-query-persist-client`'s `persistQueryClientRestore` (max age, `buster` = app version +
 * {@link PERSIST_SCHEMA}: a new release never reads an older cache).
 *
 * Lifecycle: bound to the session (`bindQueryPersistence`): a user logs in or the app starts on a stored
 * session → that user's row is restored ({@link isRestoringQueries} is true meanwhile, and the
 * `QueryProvider` holds the queries back) and every change is saved; another user → the memory cache is
 * emptied and only that user's row is read. Logout: saving stops (a save already queued is dropped) and
 * every row of the device is deleted. Rows older than the maximum age are deleted at start.
 * The facilitator's field data is NOT here: it lives in the per-user Dexie database (src/offline).
 */
import type { QueryClient } from '@tanstack/react-query'
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import {
  persistQueryClientRestore, persistQueryClientSubscribe, type AsyncStorage, type PersistedClient,
} from '@tanstack/react-query-persist-client'
import { Dexie, type EntityTable } from 'dexie'
import { onLogout } from '../auth/logout'
import { getSessionState, subscribeSession } from '../auth/session'
import { boundPersistedClient, isMarkedPersistable, PERSIST_MAX_AGE_MS, PERSIST_MAX_BYTES, withoutExpired } from '../lib/query-persist-rules'
import { normaliseCf, ownerHash } from '../offline/device'
// named import: the bundle carries the version string only, not the whole package.json
import { version as appVersion } from '../../package.json'

export const QUERY_CACHE_DB_NAME = 'pd-query-cache'
/** Bump when a persisted answer changes shape without a new app version. */
export const PERSIST_SCHEMA = 1
/** Discards every stored cache of another release or schema. */
export const PERSIST_BUSTER = `${appVersion}/${PERSIST_SCHEMA}`
/** Delay between two saves (ms). */
export const PERSIST_THROTTLE_MS = 1_000

interface StoredClient {
  key: string
  value: string
  savedAt: number
}

type CacheDb = Dexie & { clients: EntityTable<StoredClient, 'key'> }

let db: CacheDb | null = null
function cacheDb(): CacheDb {
  if (!db) {
    db = new Dexie(QUERY_CACHE_DB_NAME) as CacheDb
    db.version(1).stores({ clients: 'key, savedAt' })
  }
  return db
}

// every storage operation runs in order: a delete at logout comes after any write already started
let chain: Promise<unknown> = Promise.resolve()
function inOrder<T>(op: () => Promise<T>): Promise<T> {
  const run = chain.then(op, op)
  chain = run.catch(() => undefined)
  return run
}

/** The storage key of a user: `rq-` + the owner hash (64 hex digits) of the fiscal code. */
export async function storeKeyOf(cf: string): Promise<string> {
  return `rq-${await ownerHash(cf)}`
}

interface Binding {
  cf: string
  closed: boolean
  unsubscribe: (() => void) | null
}

/** Storage of one binding: after `closed` it neither reads nor writes (a queued save of a finished session). */
function storageOf(binding: Binding): AsyncStorage<string> {
  return {
    getItem: (key) => inOrder(async () => (binding.closed ? null : ((await cacheDb().clients.get(key))?.value ?? null))),
    setItem: (key, value) =>
      inOrder(async () => {
        if (!binding.closed) await cacheDb().clients.put({ key, value, savedAt: Date.now() })
      }),
    removeItem: (key) => inOrder(() => cacheDb().clients.delete(key)),
  }
}

/** Serializes a client for storage under the module's rules (exported for tests). */
export function serializeClient(client: PersistedClient, now = Date.now()): string {
  return boundPersistedClient(client, { now, maxAgeMs: PERSIST_MAX_AGE_MS, maxBytes: PERSIST_MAX_BYTES }).text
}

function deserializeClient(text: string): PersistedClient {
  return withoutExpired(JSON.parse(text) as PersistedClient, { now: Date.now(), maxAgeMs: PERSIST_MAX_AGE_MS })
}

let client: QueryClient | null = null
let current: Binding | null = null
let restoring = false
let ready: Promise<void> = Promise.resolve()
const listeners = new Set<() => void>()

function setRestoring(value: boolean): void {
  if (restoring === value) return
  restoring = value
  listeners.forEach((l) => l())
}

/** True while the current user's stored reads are being restored (queries wait for it). */
export function isRestoringQueries(): boolean {
  return restoring
}

/** Subscribes to {@link isRestoringQueries} changes; returns the unsubscribe function. */
export function subscribeRestoring(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Resolves when the current restore (if any) is over: the stored reads are in the client. */
export function queryPersistenceReady(): Promise<void> {
  return ready
}

function stop(): void {
  if (!current) return
  current.closed = true
  current.unsubscribe?.()
  current = null
  setRestoring(false)
}

function start(queryClient: QueryClient, cf: string): void {
  const binding: Binding = { cf, closed: false, unsubscribe: null }
  current = binding
  setRestoring(true)
  ready = (async () => {
    const key = await storeKeyOf(cf)
    if (binding.closed) return
    const persister = createAsyncStoragePersister({
      storage: storageOf(binding),
      key,
      throttleTime: PERSIST_THROTTLE_MS,
      serialize: (c) => serializeClient(c),
      deserialize: deserializeClient,
    })
    const options = {
      queryClient,
      persister,
      buster: PERSIST_BUSTER,
      maxAge: PERSIST_MAX_AGE_MS,
      // restored reads live as long as they may be shown offline (the next save would drop them otherwise)
      hydrateOptions: { defaultOptions: { queries: { gcTime: PERSIST_MAX_AGE_MS } } },
      dehydrateOptions: { shouldDehydrateQuery: isMarkedPersistable, shouldDehydrateMutation: () => false },
    }
    await persistQueryClientRestore(options).catch((error: unknown) => console.warn('Ripristino dei dati salvati non riuscito', error))
    if (binding.closed) return
    binding.unsubscribe = persistQueryClientSubscribe(options)
  })()
    .catch((error: unknown) => console.warn('Dati offline dei gestori non disponibili', error))
    .finally(() => {
      if (current === binding) setRestoring(false)
    })
}

function userOfSession(): string | null {
  const s = getSessionState()
  const cf = s.status === 'authenticated' ? s.user?.codiceFiscale : null
  return cf ? normaliseCf(cf) : null
}

function sync(): void {
  if (!client) return
  const cf = userOfSession()
  if ((current?.cf ?? null) === cf) return
  const switching = current !== null
  stop()
  // another user on the same client: nothing of the previous one stays in memory
  if (switching) client.clear()
  if (cf) start(client, cf)
}

/** Deletes every stored cache of this device (logout). */
export function clearStoredQueries(): Promise<void> {
  return inOrder(() => cacheDb().clients.clear())
}

let unbind: (() => void) | null = null

/**
 * Binds persistence to `queryClient` and to the session (idempotent; see the module comment); returns
 * the unbind function. Called by query.tsx at load; tests bind it themselves.
 */
export function bindQueryPersistence(queryClient: QueryClient): () => void {
  if (unbind) return unbind
  client = queryClient
  void inOrder(() => cacheDb().clients.where('savedAt').below(Date.now() - PERSIST_MAX_AGE_MS).delete()).catch(() => undefined)
  const offSession = subscribeSession(sync)
  const offLogout = onLogout(async () => {
    stop()
    await clearStoredQueries().catch(() => undefined)
  })
  sync()
  unbind = () => {
    offSession()
    offLogout()
    stop()
    client = null
    unbind = null
  }
  return unbind
}
