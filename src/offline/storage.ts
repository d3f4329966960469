/**
 * Device storage (ARCHITECTURE.md outbox point 8): asks for persistent storage (reusing
 * src/pwa/storage.ts) and reports usage/quota for the sync centre. Quota errors of writes surface as
 * StorageFullError (see outbox.ts).
 */
import { requestPersistentStorage } from '../pwa/storage'

export { requestPersistentStorage }

export interface StorageEstimate {
  /** bytes used by this origin */
  usage: number
  /** bytes available to this origin */
  quota: number
}

/** Usage and quota of this origin's storage, or null when the browser does not tell. Never throws. */
export async function storageEstimate(): Promise<StorageEstimate | null> {
  try {
    const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined
    if (!storage || typeof storage.estimate !== 'function') return null
    const e = await storage.estimate()
    return typeof e.usage === 'number' && typeof e.quota === 'number' ? { usage: e.usage, quota: e.quota } : null
  } catch {
    return null
  }
}
