/**
 * Events of the offline library, for the UI (toasts, banners) and for the library's own wiring.
 * - `auth-required`: the session expired during replay; entries are paused until the next login;
 * - `storage-full`: a write failed for lack of space (the caller also gets a StorageFullError);
 * - `enqueued`: a new entry was stored (starts a replay and registers Background Sync);
 * - `sync-start` / `sync-end`: one replay run, with what it did.
 */

export interface SyncReport {
  /** entries acknowledged by the server in this run */
  sent: number
  /** entries that failed and will be retried */
  retrying: number
  /** entries that now need attention */
  attention: number
  /** the run stopped early: 'offline' (network/timeout/server unreachable), 'auth', 'closed' (database closed),
   * 'error' (unexpected storage or lock error; nothing is lost) */
  stopped: 'offline' | 'auth' | 'closed' | 'error' | null
}

export interface OfflineEvents {
  'auth-required': { message: string }
  'storage-full': { message: string }
  enqueued: { id: string }
  'sync-start': Record<string, never>
  'sync-end': SyncReport
}

export type OfflineEventName = keyof OfflineEvents

/** Italian message of the `auth-required` event (issue #3 point 5). */
export const AUTH_REQUIRED_MESSAGE = 'Sessione scaduta: accedi di nuovo per inviare i dati. Nessun dato andrà perso.'

type Listener<K extends OfflineEventName> = (payload: OfflineEvents[K]) => void
const listeners = new Map<OfflineEventName, Set<Listener<OfflineEventName>>>()

/** Subscribes to an event; returns the unsubscribe function. */
export function onOfflineEvent<K extends OfflineEventName>(name: K, listener: Listener<K>): () => void {
  let set = listeners.get(name)
  if (!set) listeners.set(name, (set = new Set()))
  set.add(listener as Listener<OfflineEventName>)
  return () => set.delete(listener as Listener<OfflineEventName>)
}

/** Emits an event to its listeners (a throwing listener does not stop the others). */
export function emitOfflineEvent<K extends OfflineEventName>(name: K, payload: OfflineEvents[K]): void {
  for (const l of listeners.get(name) ?? []) {
    try {
      l(payload)
    } catch {
      /* a listener must not break the library */
    }
  }
}
