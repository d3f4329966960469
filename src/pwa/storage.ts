/**
 * Persistent storage (ARCHITECTURE.md outbox point 8): asks the browser not to evict this origin's
 * IndexedDB and caches under storage pressure.
 */

/** Resolves true when storage is (now) persistent, false when refused or unsupported; never throws. */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage
  if (!storage || typeof storage.persist !== 'function') return false
  try {
    if (typeof storage.persisted === 'function' && (await storage.persisted())) return true
    return await storage.persist()
  } catch {
    return false
  }
}
