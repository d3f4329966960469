/**
 * The open notification streams of one server process, at most `max` per user (issue 25 point 5: one
 * user had opened 300). A new stream beyond the cap ends that user's oldest one instead of being refused:
 * the newest is the tab in front of the user, the oldest is the likeliest to be a connection whose end the
 * server has not seen yet; the app whose stream ends falls back to polling the count and tries a stream
 * again at its next poll (src/features/notifiche/live.ts), so several tabs never fail, they take turns.
 */

/** What a stream needs to be ended (a `ServerResponse`). */
export interface Endable { end(): void }

export interface UserStreams<T extends Endable> {
  /** Adds `userId`'s `stream`; ends and forgets the user's oldest streams beyond the cap. */
  add(userId: number, stream: T): void
  /** Forgets a stream that ended (no-op when unknown or already evicted). */
  delete(userId: number, stream: T): void
  /** Open streams of `userId`. */
  count(userId: number): number
  /** Every open stream (to end them at shutdown). */
  all(): T[]
}

/** A registry capped at `max` streams per user. */
export function userStreams<T extends Endable>(max: number): UserStreams<T> {
  // a Set keeps insertion order: the first entry is the oldest stream
  const byUser = new Map<number, Set<T>>()
  const forget = (userId: number, stream: T) => {
    const set = byUser.get(userId)
    if (!set?.delete(stream)) return false
    if (set.size === 0) byUser.delete(userId)
    return true
  }
  return {
    add(userId, stream) {
      let set = byUser.get(userId)
      if (!set) byUser.set(userId, (set = new Set()))
      set.add(stream)
      while (set.size > max) {
        const oldest = set.values().next().value as T
        forget(userId, oldest)
        oldest.end()
      }
    },
    delete(userId, stream) { forget(userId, stream) },
    count: (userId) => byUser.get(userId)?.size ?? 0,
    all: () => [...byUser.values()].flatMap((set) => [...set]),
  }
}
