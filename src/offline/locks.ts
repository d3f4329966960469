/**
 * Single-flusher lock: Web Locks (`navigator.locks.request(name, { ifAvailable: true }, cb)`, exclusive
 * across the tabs and workers of the origin, released when the holder dies) with an in-memory fallback
 * where the API is missing (insecure context, jsdom) — the fallback only guards this page.
 */

/** The part of the LockManager this module uses (lets tests inject a fake). */
export interface LockManagerLike {
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>): Promise<T>
}

/** An in-memory lock manager (exclusive, `ifAvailable` only): guards one page. */
export function createMemoryLockManager(): LockManagerLike {
  const held = new Set<string>()
  return {
    async request<T>(name: string, _options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>): Promise<T> {
      if (held.has(name)) return callback(null)
      held.add(name)
      try {
        return await callback({ name })
      } finally {
        held.delete(name)
      }
    },
  }
}

const memoryLocks = createMemoryLockManager()

/** The Web Locks manager when available, else the in-memory fallback. */
export function defaultLockManager(): LockManagerLike {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManagerLike }).locks : undefined
  return locks && typeof locks.request === 'function' ? locks : memoryLocks
}

/**
 * Runs `task` holding the exclusive lock `name` if nobody holds it; resolves `{ ran: false }` at once
 * when the lock is taken (another tab or run is flushing).
 */
export async function runExclusive<T>(locks: LockManagerLike, name: string, task: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
  return locks.request(name, { ifAvailable: true }, async (lock) => {
    if (!lock) return { ran: false as const }
    return { ran: true as const, value: await task() }
  })
}
