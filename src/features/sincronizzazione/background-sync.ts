/**
 * Page side of Background Sync (sw/background-sync.ts): when the service worker relays a `sync` event
 * (`{ type: SW_SYNC_MESSAGE }` with a MessagePort), the page replays the outbox through
 * `handleBackgroundSync()` and answers on the port how the run ended, so the worker keeps the event alive
 * for the replay and lets the browser retry later when the server was unreachable.
 * (The offline library's own listener also starts a replay on that message; the two calls join the same
 * run, at worst followed by one short extra pass.)
 */
import { handleBackgroundSync, SW_SYNC_MESSAGE } from '../../offline/shell'
import { SW_SYNC_DONE_MESSAGE, type SyncDoneMessage } from '../../../sw/background-sync'

/** The part of `navigator.serviceWorker` used here. */
export interface MessageSource {
  addEventListener(type: 'message', listener: (e: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (e: MessageEvent) => void): void
}

/** Answers the worker's Background Sync relays; returns the function that stops listening. No-op without service workers. */
export function answerBackgroundSync(source: MessageSource | undefined = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined): () => void {
  if (!source) return () => undefined
  const onMessage = (e: MessageEvent) => {
    if ((e.data as { type?: unknown } | null)?.type !== SW_SYNC_MESSAGE) return
    const port = e.ports?.[0]
    if (!port) return
    const reply = (msg: SyncDoneMessage) => {
      try {
        port.postMessage(msg)
      } catch {
        /* worker gone */
      }
    }
    handleBackgroundSync().then(
      (r) => reply({ type: SW_SYNC_DONE_MESSAGE, stopped: r.stopped, ran: r.ran }),
      () => reply({ type: SW_SYNC_DONE_MESSAGE, stopped: 'error', ran: false }),
    )
  }
  source.addEventListener('message', onMessage)
  return () => source.removeEventListener('message', onMessage)
}
