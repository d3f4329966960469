/**
 * Background Sync relay of the service worker (ARCHITECTURE.md "The service worker"; src/offline/sync.ts).
 * The replay runs in the page (the session token lives in the page's storage), so on a `sync` event with
 * tag {@link BACKGROUND_SYNC_TAG} the worker posts `{ type: SW_SYNC_MESSAGE }` to every window client of
 * the origin, with a MessagePort for the answer, and keeps the event alive until a page answers
 * `{ type: SW_SYNC_DONE_MESSAGE, stopped }` or {@link RELAY_TIMEOUT_MS} passes. A run that stopped because
 * the server was unreachable rejects, so the browser schedules another sync attempt; with no window open
 * the entries simply wait for the next app start. Kept free of DOM and workbox imports for unit tests.
 */

/** Tag registered by the page after each queued write (must equal src/offline/sync.ts). */
export const BACKGROUND_SYNC_TAG = 'pd-outbox'
/** Message posted to the pages (must equal src/offline/sync.ts `SW_SYNC_MESSAGE`). */
export const SW_SYNC_MESSAGE = 'pd-outbox-sync'
/** Answer of a page on the message's port once its replay ended. */
export const SW_SYNC_DONE_MESSAGE = 'pd-outbox-sync-done'
/** How long the worker waits for a page's answer (browsers give a sync event a few minutes). */
export const RELAY_TIMEOUT_MS = 60_000

/** What a page answers: how its replay stopped (null = completed), as in the offline library's SyncReport. */
export interface SyncDoneMessage {
  type: typeof SW_SYNC_DONE_MESSAGE
  stopped: 'offline' | 'auth' | 'closed' | 'error' | null
  ran: boolean
}

/** The part of a window client the relay uses. */
export interface RelayClient {
  postMessage(message: unknown, transfer: Transferable[]): void
}

/** The part of `self.clients` the relay uses. */
export interface RelayClients {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly RelayClient[]>
}

/** Outcome of one relay, for logs and tests. */
export type RelayOutcome = 'no-client' | 'done' | 'timeout'

/** Error rejecting the sync event so that the browser tries again later. */
export class RetrySyncError extends Error {
  override readonly name = 'RetrySyncError'
}

function isDoneMessage(data: unknown): data is SyncDoneMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SW_SYNC_DONE_MESSAGE
}

/**
 * Posts the sync message to every window client and waits for the first answer (or the timeout).
 * Resolves 'no-client' / 'done' / 'timeout'; rejects with {@link RetrySyncError} when the answering page
 * could not reach the server, so the browser retries the sync later.
 */
export async function relayBackgroundSync(clients: RelayClients, timeoutMs: number = RELAY_TIMEOUT_MS): Promise<RelayOutcome> {
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true })
  if (windows.length === 0) return 'no-client'
  return new Promise<RelayOutcome>((resolve, reject) => {
    const channels: MessageChannel[] = []
    let settled = false
    const finish = (outcome: RelayOutcome | Error) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      for (const c of channels) c.port1.close()
      if (outcome instanceof Error) reject(outcome)
      else resolve(outcome)
    }
    const timer = setTimeout(() => finish('timeout'), timeoutMs)
    let answers = 0
    for (const client of windows) {
      const channel = new MessageChannel()
      channels.push(channel)
      channel.port1.onmessage = (event: MessageEvent) => {
        if (!isDoneMessage(event.data)) return
        answers++
        if (event.data.ran) {
          if (event.data.stopped === 'offline') finish(new RetrySyncError('Server non raggiungibile: nuovo tentativo di sincronizzazione più tardi'))
          else finish('done')
        } else if (answers >= windows.length) {
          // nobody ran (no user logged in, or the flusher of another context had the lock)
          finish('done')
        }
        // else: another tab holds the flusher lock; wait for the one that ran
      }
      try {
        client.postMessage({ type: SW_SYNC_MESSAGE }, [channel.port2])
      } catch {
        /* a client closing meanwhile */
      }
    }
  })
}

/** The sync event as the relay reads it. */
export interface SyncEventLike {
  tag: string
  waitUntil(promise: Promise<unknown>): void
}

/** Handles a `sync` event: relays {@link BACKGROUND_SYNC_TAG} to the pages, ignores other tags. Returns true when handled. */
export function handleSyncEvent(event: SyncEventLike, clients: RelayClients, timeoutMs?: number): boolean {
  if (event.tag !== BACKGROUND_SYNC_TAG) return false
  event.waitUntil(relayBackgroundSync(clients, timeoutMs))
  return true
}
