/**
 * When the outbox is replayed (issue #3 point 5): at app start and when the user's database opens, when a
 * write is queued, when the API becomes reachable again (connectivity probe), when the page becomes
 * visible, every 60 s while something waits (sooner when a retry is due), on 'Sincronizza ora'
 * ({@link syncNow}), and on Background Sync where the browser has it.
 *
 * Background Sync: after each queued write the page registers the tag `pd-outbox`
 * (`registration.sync.register`). The service worker (a later session) handles its `sync` event by
 * posting `{ type: 'pd-outbox-sync' }` to an open window client; the page answers by calling
 * {@link handleBackgroundSync}. The replay itself runs in the page, because the session token lives in the
 * page's storage; with no window open the entries wait for the next app start.
 */
import { currentDb, subscribeDb } from './db'
import { getConnectivity, startConnectivity, subscribeConnectivity } from '../api/connectivity'
import { onOfflineEvent, type SyncReport } from './events'
import { runReplay, type ReplayResult, type RunOptions } from './replay'

export const SYNC_INTERVAL_MS = 60_000
export const MIN_TICK_MS = 1_000
export const BACKGROUND_SYNC_TAG = 'pd-outbox'
export const SW_SYNC_MESSAGE = 'pd-outbox-sync'

const idle = (): ReplayResult => ({ sent: 0, retrying: 0, attention: 0, stopped: null, ran: false })

let running: Promise<ReplayResult> | null = null
let again: RunOptions | null = null
let controller: AbortController | null = null
let tickTimer: ReturnType<typeof setTimeout> | null = null
let requested = false

function merge(a: RunOptions | null, b: RunOptions): RunOptions {
  return { force: (a?.force ?? false) || (b.force ?? false) }
}

function sum(a: ReplayResult, b: ReplayResult): ReplayResult {
  const stopped: SyncReport['stopped'] = b.ran ? b.stopped : a.stopped
  return { sent: a.sent + b.sent, retrying: a.retrying + b.retrying, attention: a.attention + b.attention, stopped, ran: a.ran || b.ran }
}

/**
 * Replays the current user's outbox now. `force` (default true: the 'Sincronizza ora' button) ignores
 * backoff delays and resumes entries paused for authentication. A call during a run of this page joins
 * it and triggers one more run afterwards; a run of another tab makes this one a no-op (`ran: false`).
 */
export function syncNow(opts: { force?: boolean } = { force: true }): Promise<ReplayResult> {
  if (running) {
    again = merge(again, opts)
    return running
  }
  const db = currentDb()
  if (!db) return Promise.resolve(idle())
  controller = new AbortController()
  const signal = controller.signal
  const run = (o: RunOptions): Promise<ReplayResult> =>
    runReplay(db, o).catch((): ReplayResult => ({ sent: 0, retrying: 0, attention: 0, stopped: 'error', ran: false }))
  running = (async () => {
    let total = await run({ force: opts.force, signal })
    while (again && currentDb() === db && !signal.aborted) {
      const next = again
      again = null
      total = sum(total, await run({ ...next, signal }))
    }
    return total
  })().finally(() => {
    running = null
    again = null
    void scheduleTick()
  })
  return running
}

/** Resolves once this page's replay run (if any) has ended; never rejects. */
export function syncIdle(): Promise<void> {
  return running ? running.then(() => undefined, () => undefined) : Promise.resolve()
}

/** Automatic trigger: skipped while the API is known unreachable (the probe triggers the run on return). */
function requestSync(): void {
  if (requested) return
  requested = true
  setTimeout(() => {
    requested = false
    if (getConnectivity() !== 'offline') void syncNow({ force: false })
  }, 0)
}

/** Plans the next automatic run: when the earliest retry is due (≥ 1 s), at most 60 s away, while entries wait. */
async function scheduleTick(): Promise<void> {
  if (tickTimer !== null) clearTimeout(tickTimer)
  tickTimer = null
  const db = currentDb()
  if (!db || !started) return
  try {
    const waiting = await db.outbox.where('status').anyOf('pending', 'failed-retry').toArray()
    if (waiting.length === 0) return
    const retries = waiting.filter((e) => e.status === 'failed-retry').map((e) => e.nextAttemptAt)
    const due = retries.length ? Math.min(...retries) - Date.now() : SYNC_INTERVAL_MS
    const delay = Math.min(SYNC_INTERVAL_MS, Math.max(MIN_TICK_MS, due))
    tickTimer = setTimeout(() => {
      tickTimer = null
      requestSync()
    }, delay)
  } catch {
    /* database closed meanwhile */
  }
}

/** Registers the Background Sync tag where the browser has it; false when unsupported or refused. Never throws. */
export async function registerBackgroundSync(): Promise<boolean> {
  try {
    const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined
    const reg = (await sw?.getRegistration()) as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
    if (!reg?.sync) return false
    await reg.sync.register(BACKGROUND_SYNC_TAG)
    return true
  } catch {
    return false
  }
}

/** Called when the service worker relays a Background Sync event: replays now (network is back). */
export function handleBackgroundSync(): Promise<ReplayResult> {
  return syncNow({ force: true })
}

let started = 0
let stopAll: (() => void) | null = null

/**
 * Wires every trigger (reference-counted; returns the stop function). Call once the app shell is up;
 * the session bridge opens and closes the user's database.
 */
export function startSync(): () => void {
  if (started++ === 0) {
    const offs: (() => void)[] = []
    offs.push(startConnectivity())
    let last = getConnectivity()
    offs.push(
      subscribeConnectivity(() => {
        const now = getConnectivity()
        if (now === 'online' && last !== 'online') void syncNow({ force: true })
        last = now
      }),
    )
    offs.push(
      onOfflineEvent('enqueued', () => {
        requestSync()
        void registerBackgroundSync()
      }),
    )
    offs.push(
      subscribeDb(() => {
        if (currentDb()) requestSync()
        else {
          controller?.abort()
          if (tickTimer !== null) clearTimeout(tickTimer)
          tickTimer = null
        }
      }),
    )
    if (typeof document !== 'undefined') {
      const onVisible = () => {
        if (document.visibilityState === 'visible') requestSync()
      }
      document.addEventListener('visibilitychange', onVisible)
      offs.push(() => document.removeEventListener('visibilitychange', onVisible))
    }
    const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined
    if (sw) {
      const onMessage = (e: MessageEvent) => {
        if ((e.data as { type?: unknown } | null)?.type === SW_SYNC_MESSAGE) void handleBackgroundSync()
      }
      sw.addEventListener('message', onMessage)
      offs.push(() => sw.removeEventListener('message', onMessage))
    }
    stopAll = () => offs.forEach((off) => off())
    requestSync()
  }
  let stopped = false
  return () => {
    if (stopped) return
    stopped = true
    if (--started === 0) {
      stopAll?.()
      stopAll = null
      if (tickTimer !== null) clearTimeout(tickTimer)
      tickTimer = null
    }
  }
}
