/**
 * The service worker's offline sets (delivery issue 7, item 3; protocol in sw/messages.ts, build-time split
 * in sw/precache-split.ts): the precache entries that carry `sets` are not fetched when the worker installs
 * but when a page asks for their set, into one cache of their own ({@link OFFLINE_SETS_CACHE}).
 * - Revision-aware: a file is stored under workbox's precache key (`url`, plus `?__WB_REVISION__=` when the
 *   build gave it a revision), so a new version's changed files are fetched again and unchanged ones are not;
 *   `cleanup()` (on activation) removes what the current version no longer lists.
 * - A request for a file of a set that is not cached yet goes to the network, and the answer is kept.
 * - The sets a page asked for are remembered (a small state cache, no personal data): the next version of
 *   the worker fetches them while it installs, so an update never leaves a facilitator without them.
 * Written against injected `caches`/`fetch`, so it is unit-tested without a browser (tests/pwa/sw-offline-sets.test.ts).
 */
import type { OfflineSetProgress, OfflineSetStatus } from './messages'

/** Cache holding the files of the offline sets. */
export const OFFLINE_SETS_CACHE = 'pd-offline-sets'
/** Cache holding which sets pages asked for (one JSON entry). */
export const OFFLINE_SETS_STATE_CACHE = 'pd-offline-sets-state'
/** Key of that entry (a path of this origin; never requested from the network). */
export const WANTED_SETS_PATH = '/__pd-offline-sets/wanted.json'
/** Workbox's search parameter for revisions in precache keys (workbox-precaching createCacheKey). */
export const REVISION_PARAM = '__WB_REVISION__'

/** An entry of the injected manifest (`self.__WB_MANIFEST`), possibly marked by the build with its sets. */
export interface ManifestEntryLike {
  url: string
  revision?: string | null
  integrity?: string
  sets?: string[]
}

/** A file of one or more offline sets, with absolute URLs. */
export interface OnDemandEntry {
  url: string
  revision: string | null
  /** the key it is stored under: `url`, or `url?__WB_REVISION__=revision` */
  cacheKey: string
  sets: string[]
}

/** The key of a precached file, as workbox-precaching builds it. */
export function cacheKeyFor(url: string, revision: string | null): string {
  const key = new URL(url)
  if (revision) key.searchParams.set(REVISION_PARAM, revision)
  return key.href
}

/**
 * Splits the injected manifest: plain entries go to workbox's precache (installed with the worker); the
 * entries with `sets` become {@link OnDemandEntry}s, their URLs resolved against `base` (the worker's URL).
 */
export function partitionManifest(
  entries: ReadonlyArray<string | ManifestEntryLike>,
  base: string,
): { core: Array<string | ManifestEntryLike>; onDemand: OnDemandEntry[] } {
  const core: Array<string | ManifestEntryLike> = []
  const onDemand: OnDemandEntry[] = []
  for (const entry of entries) {
    if (typeof entry === 'string' || !entry.sets || entry.sets.length === 0) {
      core.push(typeof entry === 'string' ? entry : { url: entry.url, revision: entry.revision ?? null, ...(entry.integrity ? { integrity: entry.integrity } : {}) })
      continue
    }
    const url = new URL(entry.url, base).href
    const revision = entry.revision ?? null
    onDemand.push({ url, revision, cacheKey: cacheKeyFor(url, revision), sets: [...entry.sets] })
  }
  return { core, onDemand }
}

/** What the offline sets need from the worker's global scope. */
export interface OfflineSetsDeps {
  caches: Pick<CacheStorage, 'open'>
  fetch: (request: Request) => Promise<Response>
  /** receives every progress report of a download not started quietly */
  onProgress?: (progress: OfflineSetProgress) => void
  /** parallel downloads (default 4) */
  concurrency?: number
  /** minimum interval between two 'downloading' reports of a set, ms (default 150; the last report is never skipped) */
  reportIntervalMs?: number
  now?: () => number
}

const progress = (set: string, status: OfflineSetStatus, done: number, total: number, failed: number): OfflineSetProgress =>
  ({ type: 'OFFLINE_SET_PROGRESS', set, status, done, total, failed })

interface Run {
  quiet: boolean
  last: OfflineSetProgress
  promise?: Promise<OfflineSetProgress>
}

/** The offline sets of one version of the worker (see the module comment). */
export class OfflineSets {
  private readonly byUrl: Map<string, OnDemandEntry>
  private readonly runs = new Map<string, Run>()
  private readonly failures = new Map<string, number>()
  private readonly inflight = new Map<string, Promise<boolean>>()

  constructor(
    private readonly entries: OnDemandEntry[],
    private readonly deps: OfflineSetsDeps,
  ) {
    this.byUrl = new Map(entries.map((e) => [e.url, e]))
  }

  /** True when `url` (absolute, no hash) is a file of some offline set. */
  has(url: string): boolean {
    return this.byUrl.has(url)
  }

  /** The files of `set`. */
  entriesOf(set: string): OnDemandEntry[] {
    return this.entries.filter((e) => e.sets.includes(set))
  }

  /** Answers a request for a file of a set: from the cache, else from the network (and then kept). */
  async respond(request: Request): Promise<Response> {
    const entry = this.byUrl.get(request.url.split('#')[0]!)
    const cache = await this.deps.caches.open(OFFLINE_SETS_CACHE)
    if (entry) {
      const hit = await cache.match(entry.cacheKey)
      if (hit) return hit
    }
    const response = await this.deps.fetch(request)
    if (entry && response.status === 200 && !response.redirected) {
      await cache.put(entry.cacheKey, response.clone()).catch(() => undefined)
    }
    return response
  }

  /** Where `set` stands now: the running download's last report, else what the cache holds. */
  async status(set: string): Promise<OfflineSetProgress> {
    const run = this.runs.get(set)
    if (run) return run.last
    const list = this.entriesOf(set)
    const present = await this.cachedKeys()
    const done = list.filter((e) => present.has(e.cacheKey)).length
    if (done === list.length) return progress(set, 'ready', done, list.length, 0)
    const failed = this.failures.get(set) ?? 0
    return progress(set, failed > 0 ? 'error' : 'missing', done, list.length, failed)
  }

  /**
   * Fetches the files of `set` that the cache lacks (parallel, `cache: 'reload'` for revisioned files so no
   * stale HTTP copy is stored) and resolves with the final report: 'ready', or 'error' with `failed` > 0.
   * A call while the set is being fetched joins that download. Reports progress through `onProgress`
   * unless `quiet` (a worker still installing must not speak for the active one).
   */
  ensure(set: string, opts: { quiet?: boolean } = {}): Promise<OfflineSetProgress> {
    const quiet = opts.quiet === true
    const running = this.runs.get(set)
    if (running?.promise) {
      if (!quiet) running.quiet = false
      return running.promise
    }
    const list = this.entriesOf(set)
    const run: Run = { quiet, last: progress(set, 'downloading', 0, list.length, 0) }
    this.runs.set(set, run)
    const promise = this.download(set, list, run).finally(() => this.runs.delete(set))
    run.promise = promise
    return promise
  }

  private async download(set: string, list: OnDemandEntry[], run: Run): Promise<OfflineSetProgress> {
    const now = this.deps.now ?? Date.now
    const interval = this.deps.reportIntervalMs ?? 150
    let lastReport = -Infinity
    const report = (p: OfflineSetProgress, force: boolean) => {
      run.last = p
      if (run.quiet || !this.deps.onProgress) return
      if (!force && now() - lastReport < interval) return
      lastReport = now()
      this.deps.onProgress(p)
    }
    const cache = await this.deps.caches.open(OFFLINE_SETS_CACHE)
    const present = await this.cachedKeys()
    const missing = list.filter((e) => !present.has(e.cacheKey))
    let done = list.length - missing.length
    let failed = 0
    if (missing.length > 0) report(progress(set, 'downloading', done, list.length, 0), true)
    let next = 0
    const worker = async () => {
      while (next < missing.length) {
        const entry = missing[next++]!
        if (await this.fetchInto(cache, entry)) done += 1
        else failed += 1
        report(progress(set, 'downloading', done, list.length, failed), false)
      }
    }
    await Promise.all(Array.from({ length: Math.max(1, Math.min(this.deps.concurrency ?? 4, missing.length)) }, worker))
    if (failed > 0) this.failures.set(set, failed)
    else this.failures.delete(set)
    const final = progress(set, failed > 0 ? 'error' : 'ready', done, list.length, failed)
    report(final, true)
    return final
  }

  /** Fetches one file into `cache` (one download per file even when two sets share it); false when it failed. */
  private fetchInto(cache: Cache, entry: OnDemandEntry): Promise<boolean> {
    let pending = this.inflight.get(entry.cacheKey)
    if (!pending) {
      pending = (async () => {
        try {
          const response = await this.deps.fetch(new Request(entry.url, { cache: entry.revision ? 'reload' : 'default', credentials: 'same-origin' }))
          if (response.status !== 200 || response.redirected) return false
          await cache.put(entry.cacheKey, response)
          return true
        } catch {
          return false
        }
      })().finally(() => this.inflight.delete(entry.cacheKey))
      this.inflight.set(entry.cacheKey, pending)
    }
    return pending
  }

  /**
   * Copies into the sets' cache the files a previous version precached at install (workbox's cache
   * `precacheName`, same keys): an update from a version that precached everything downloads nothing again.
   */
  async adoptFrom(precacheName: string): Promise<number> {
    const [from, to] = await Promise.all([this.deps.caches.open(precacheName), this.deps.caches.open(OFFLINE_SETS_CACHE)])
    const present = await this.cachedKeys()
    let adopted = 0
    for (const entry of this.entries) {
      if (present.has(entry.cacheKey)) continue
      const hit = await from.match(entry.cacheKey)
      if (!hit) continue
      await to.put(entry.cacheKey, hit)
      adopted += 1
    }
    return adopted
  }

  /** Removes from the sets' cache every file this version does not list; resolves with how many. */
  async cleanup(): Promise<number> {
    const cache = await this.deps.caches.open(OFFLINE_SETS_CACHE)
    const current = new Set(this.entries.map((e) => e.cacheKey))
    let removed = 0
    for (const request of await cache.keys()) {
      if (current.has(request.url)) continue
      if (await cache.delete(request)) removed += 1
    }
    return removed
  }

  /** The sets pages asked for, on this device, by any version of the worker. */
  async wanted(): Promise<string[]> {
    const cache = await this.deps.caches.open(OFFLINE_SETS_STATE_CACHE)
    const hit = await cache.match(WANTED_SETS_PATH)
    if (!hit) return []
    try {
      const value: unknown = await hit.json()
      return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : []
    } catch {
      return []
    }
  }

  /** Remembers that a page asked for `set` (a set this version does not have is not remembered). */
  async want(set: string): Promise<void> {
    if (this.entriesOf(set).length === 0) return
    const sets = await this.wanted()
    if (sets.includes(set)) return
    const cache = await this.deps.caches.open(OFFLINE_SETS_STATE_CACHE)
    await cache.put(WANTED_SETS_PATH, new Response(JSON.stringify([...sets, set]), { headers: { 'content-type': 'application/json' } }))
  }

  /** Quietly fetches every remembered set (a new version installing); never rejects. */
  async prefetchWanted(): Promise<void> {
    const sets = await this.wanted().catch(() => [])
    await Promise.all(sets.map((set) => this.ensure(set, { quiet: true }).catch(() => undefined)))
  }

  private async cachedKeys(): Promise<Set<string>> {
    const cache = await this.deps.caches.open(OFFLINE_SETS_CACHE)
    return new Set((await cache.keys()).map((r) => r.url))
  }
}
