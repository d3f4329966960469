/**
 * Managers read offline (issue 9 point 6): the READ queries of the app's QueryClient marked persistable
 * (`meta: { persist: true }`, see `persistentQuery` in query.tsx) are saved per user in IndexedDB and
 * restored at the next start, before the manager pages query anything, so an offline start shows what
 * was viewed in the last days. Rules of what is stored: src/lib/query-persist-rules.ts (7 days, 5 MB per
 * user, never a fiscal code in clear, never a mutation).
 *
 * Storage (issue 24 point 8): the IndexedDB database `pd-query-cache`, table `queries`, ONE ROW PER QUERY,
 * keyed `<owner>|<queryHash>`, where the owner is `rq-` + the user's owner hash (src/lib/device-owner.ts:
 * salted PBKDF2 of the fiscal code, never the code in clear); `value` is the query as TanStack's `dehydrate`
 * gives it (key, hash, state, meta), with `buster` (app version + {@link PERSIST_SCHEMA}: a new release
 * never reads an older cache), `dataUpdatedAt` and its size. A save writes only the queries that changed:
 * a second window of the app (installed app and browser tab) or a start that restored less never erases
 * what another one saved, as the former single row holding the whole client did. A query whose refresh
 * failed (offline: `status: 'error'`, the data still there) is not written again, so its stored copy stays.
 * TanStack's `experimental_createQueryPersister` also keeps one entry per query, but restores a query only
 * inside its query function — which never runs offline (the fetch is paused) — and its bulk restore
 * (`setQueryData`) loses the meta and the 7-day `gcTime`; so the rows are read here, at start, and given
 * to `hydrate`.
 *
 * Lifecycle: bound to the session (`bindQueryPersistence`): a user logs in or the app starts on a stored
 * session → that user's rows are restored ({@link isRestoringQueries} is true meanwhile, and the
 * `QueryProvider` holds the queries back) and every change of a persistable query is saved (at once, then
 * at most once per {@link PERSIST_THROTTLE_MS}; what waits goes when the page is left or hidden); another user → the memory cache is emptied
 * and only that user's rows are read. Logout: saving stops (a save already queued is dropped) and every row
 * of the device is deleted. Rows older than the maximum age, or of another release, are deleted at start.
 * The facilitator's field data is NOT here: it lives in the per-user Dexie database (src/offline).
 */
import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query'
import { Dexie, type EntityTable } from 'dexie'
import { onLogout } from '../auth/logout'
import { getSessionState, subscribeSession } from '../auth/session'
import {
  boundPersistedClient, isMarkedPersistable, PERSIST_MAX_AGE_MS, PERSIST_MAX_BYTES, storableQuery, type DehydratedQuery,
} from '../lib/query-persist-rules'
import { normaliseCf, ownerHash } from '../lib/device-owner'
import { createStore } from '../lib/store'
// named import: the bundle carries the version string only, not the whole package.json
import { version as appVersion } from '../../package.json'

export const QUERY_CACHE_DB_NAME = 'pd-query-cache'
/** Bump when a persisted answer changes shape without a new app version. */
export const PERSIST_SCHEMA = 2
/** Discards every stored cache of another release or schema. */
export const PERSIST_BUSTER = `${appVersion}/${PERSIST_SCHEMA}`
/** Least time between two saves (ms): a change is saved at once, the ones right after it together. */
export const PERSIST_THROTTLE_MS = 1_000

/** One stored query of one user. */
export interface StoredQuery {
  /** `<owner>|<queryHash>` */
  key: string
  /** `rq-` + the owner hash of the user ({@link storeKeyOf}) */
  owner: string
  queryHash: string
  /** JSON of the dehydrated query */
  value: string
  buster: string
  /** when its data was read from the server (ms since epoch) */
  dataUpdatedAt: number
  /** UTF-8 bytes of `value` */
  size: number
}

type CacheDb = Dexie & { queries: EntityTable<StoredQuery, 'key'> }

let db: CacheDb | null = null
function cacheDb(): CacheDb {
  if (!db) {
    db = new Dexie(QUERY_CACHE_DB_NAME) as CacheDb
    db.version(1).stores({ clients: 'key, savedAt' })
    // issue 24 point 8: one row per query (the single row per user of version 1 is dropped)
    db.version(2).stores({ clients: null, queries: 'key, owner, dataUpdatedAt' })
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

/** The storage owner of a user: `rq-` + the owner hash (64 hex digits) of the fiscal code. */
export async function storeKeyOf(cf: string): Promise<string> {
  return `rq-${await ownerHash(cf)}`
}

interface Binding {
  cf: string
  owner: string | null
  closed: boolean
  /** hashes of the persistable queries changed since the last save */
  dirty: Set<string>
  timer: ReturnType<typeof setTimeout> | null
  /** no save before this time (ms epoch): {@link PERSIST_THROTTLE_MS} after the last one */
  nextSaveAt: number
  unsubscribe: (() => void) | null
}

const limits = () => ({ now: Date.now(), maxAgeMs: PERSIST_MAX_AGE_MS, maxBytes: PERSIST_MAX_BYTES })

/**
 * Reads the rows of `owner`, deletes those of another release, past the maximum age or beyond the size
 * bound (the oldest go first), and returns the queries to hydrate.
 */
async function loadQueries(owner: string): Promise<DehydratedQuery[]> {
  const rows = await cacheDb().queries.where('owner').equals(owner).toArray()
  const stale: string[] = []
  const byHash = new Map<string, StoredQuery>()
  const queries: DehydratedQuery[] = []
  for (const row of rows) {
    let query: DehydratedQuery | null
    try {
      query = row.buster === PERSIST_BUSTER ? (JSON.parse(row.value) as DehydratedQuery) : null
    } catch {
      query = null
    }
    if (!query) stale.push(row.key)
    else {
      byHash.set(query.queryHash, row)
      queries.push(query)
    }
  }
  const bounded = boundPersistedClient({ timestamp: Date.now(), buster: PERSIST_BUSTER, clientState: { queries, mutations: [] } }, limits())
  const { unmarked, fiscalCode, expired, size } = bounded.dropped
  for (const hash of [...unmarked, ...fiscalCode, ...expired, ...size]) {
    const row = byHash.get(hash)
    if (row) stale.push(row.key)
  }
  if (stale.length > 0) await cacheDb().queries.bulkDelete(stale)
  return bounded.client.clientState.queries
}

/** Writes the changed queries of a binding, then keeps the user's rows within the size bound. */
async function saveDirty(queryClient: QueryClient, binding: Binding): Promise<void> {
  const owner = binding.owner
  if (binding.closed || !owner || binding.dirty.size === 0) return
  const hashes = new Set(binding.dirty)
  binding.dirty.clear()
  const { queries } = dehydrate(queryClient, {
    shouldDehydrateQuery: (q) => hashes.has(q.queryHash) && isMarkedPersistable(q),
    shouldDehydrateMutation: () => false,
  })
  const put: StoredQuery[] = []
  const removed: string[] = []
  const now = limits()
  for (const query of queries) {
    const storable = storableQuery(query, now)
    const key = `${owner}|${query.queryHash}`
    // now holding a fiscal code in clear: no copy of it stays on the device
    if ('dropped' in storable) {
      if (storable.dropped === 'fiscalCode') removed.push(key)
      continue
    }
    if (storable.size > PERSIST_MAX_BYTES) continue
    put.push({ key, owner, queryHash: query.queryHash, value: storable.json, buster: PERSIST_BUSTER, dataUpdatedAt: query.state.dataUpdatedAt, size: storable.size })
  }
  await inOrder(async () => {
    if (binding.closed) return
    const table = cacheDb().queries
    if (removed.length > 0) await table.bulkDelete(removed)
    if (put.length === 0) return
    await table.bulkPut(put)
    // the size bound over all the user's rows: the oldest reads go first
    const mine = (await table.where('owner').equals(owner).toArray()).sort((a, b) => b.dataUpdatedAt - a.dataUpdatedAt)
    let total = 0
    const over: string[] = []
    for (const row of mine) {
      total += row.size
      if (total > PERSIST_MAX_BYTES) over.push(row.key)
    }
    if (over.length > 0) await table.bulkDelete(over)
  })
}

function saveNow(queryClient: QueryClient, binding: Binding): void {
  if (binding.timer) clearTimeout(binding.timer)
  binding.timer = null
  binding.nextSaveAt = Date.now() + PERSIST_THROTTLE_MS
  void saveDirty(queryClient, binding).catch((error: unknown) => console.warn('Salvataggio dei dati offline non riuscito', error))
}

/** A save at once (next task) when none ran in the last {@link PERSIST_THROTTLE_MS}, else when that time is over. */
function scheduleSave(queryClient: QueryClient, binding: Binding): void {
  if (binding.closed || binding.timer) return
  binding.timer = setTimeout(() => saveNow(queryClient, binding), Math.max(0, binding.nextSaveAt - Date.now()))
}

/** Follows the query cache: every change of a persistable query is saved (see the module comment). */
function subscribeSaves(queryClient: QueryClient, binding: Binding): () => void {
  const offCache = queryClient.getQueryCache().subscribe((event) => {
    // 'removed' is not a deletion of what is stored: memory is emptied at a user switch, or after gcTime
    if (event.type !== 'added' && event.type !== 'updated') return
    if (!isMarkedPersistable(event.query)) return
    binding.dirty.add(event.query.queryHash)
    scheduleSave(queryClient, binding)
  })
  // the page is being left or hidden (closed, reloaded, another app): what is still waiting goes now
  const onLeave = (event: Event) => {
    if (event.type === 'visibilitychange' && document.visibilityState !== 'hidden') return
    if (!binding.closed && binding.dirty.size > 0) saveNow(queryClient, binding)
  }
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', onLeave)
    window.addEventListener('pagehide', onLeave)
  }
  return () => {
    offCache()
    if (typeof document !== 'undefined') {
      document.removeEventListener('visibilitychange', onLeave)
      window.removeEventListener('pagehide', onLeave)
    }
  }
}

let client: QueryClient | null = null
let current: Binding | null = null
const restoring = createStore(false)
let ready: Promise<void> = Promise.resolve()

function setRestoring(value: boolean): void {
  if (restoring.get() === value) return
  restoring.set(value)
}

/** True while the current user's stored reads are being restored (queries wait for it). */
export function isRestoringQueries(): boolean {
  return restoring.get()
}

/** Subscribes to {@link isRestoringQueries} changes; returns the unsubscribe function. */
export function subscribeRestoring(listener: () => void): () => void {
  return restoring.subscribe(listener)
}

/** Resolves when the current restore (if any) is over: the stored reads are in the client. */
export function queryPersistenceReady(): Promise<void> {
  return ready
}

function stop(): void {
  if (!current) return
  current.closed = true
  current.unsubscribe?.()
  if (current.timer) clearTimeout(current.timer)
  current.dirty.clear()
  current = null
  setRestoring(false)
}

function start(queryClient: QueryClient, cf: string): void {
  const binding: Binding = { cf, owner: null, closed: false, dirty: new Set(), timer: null, nextSaveAt: 0, unsubscribe: null }
  current = binding
  setRestoring(true)
  ready = (async () => {
    const owner = await storeKeyOf(cf)
    if (binding.closed) return
    binding.owner = owner
    try {
      const queries = await inOrder(() => (binding.closed ? Promise.resolve([]) : loadQueries(owner)))
      // restored reads live as long as they may be shown offline (7 days), not the default 5 minutes
      if (!binding.closed) hydrate(queryClient, { queries, mutations: [] }, { defaultOptions: { queries: { gcTime: PERSIST_MAX_AGE_MS } } })
    } catch (error) {
      console.warn('Ripristino dei dati salvati non riuscito', error)
    }
    if (binding.closed) return
    binding.unsubscribe = subscribeSaves(queryClient, binding)
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
  return inOrder(() => cacheDb().queries.clear())
}

let unbind: (() => void) | null = null

/**
 * Binds persistence to `queryClient` and to the session (idempotent; see the module comment); returns
 * the unbind function. Called by query.tsx at load; tests bind it themselves.
 */
export function bindQueryPersistence(queryClient: QueryClient): () => void {
  if (unbind) return unbind
  client = queryClient
  void inOrder(() => cacheDb().queries.where('dataUpdatedAt').below(Date.now() - PERSIST_MAX_AGE_MS).delete()).catch(() => undefined)
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
