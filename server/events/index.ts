/**
 * Live notification fan-out for one server process (issue 12 point 7): ONE `LISTEN pd_notifica` per
 * process (started with the first subscriber, stopped with the last), whatever the number of open
 * streams; each committed `pg_notify` payload (`[[userId, notificationId], …]`, server/domain/notifiche/crea.ts)
 * is dispatched to the subscribers of those users in this process. Several processes on one PostgreSQL
 * each LISTEN and each serve their own streams: nothing to change for issue 14.
 */
import type { DatabaseHandle } from '../db/index'
import { NOTIFY_CHANNEL } from '../domain/notifiche/crea'

/** Called with the id of the user's new notification. */
export type Subscriber = (notificationId: number) => void

export interface EventHub {
  /** subscribes to a user's new notifications; resolves to the unsubscribe function */
  subscribe(userId: number, fn: Subscriber): Promise<() => void>
  /** open subscriptions (for tests and logs) */
  size(): number
  close(): Promise<void>
}

/** Parses a payload; malformed ones are ignored (empty list). */
export function parsePayload(payload: string): [number, number][] {
  try {
    const data: unknown = JSON.parse(payload)
    if (!Array.isArray(data)) return []
    return data.filter((p): p is [number, number] => Array.isArray(p) && typeof p[0] === 'number' && typeof p[1] === 'number')
  } catch {
    return []
  }
}

/** Creates the hub over `database.listen`. */
export function createEventHub(database: Pick<DatabaseHandle, 'listen'>, log?: { warn(obj: unknown, msg?: string): void }): EventHub {
  const byUser = new Map<number, Set<Subscriber>>()
  let listening: Promise<() => Promise<void>> | undefined
  let count = 0

  const dispatch = (payload: string) => {
    for (const [userId, id] of parsePayload(payload)) {
      for (const fn of byUser.get(userId) ?? []) {
        try { fn(id) } catch (err) { log?.warn({ err }, 'notification subscriber failed') }
      }
    }
  }

  const stopIfIdle = async () => {
    if (count > 0 || !listening) return
    const pending = listening
    listening = undefined
    await (await pending)()
  }

  return {
    async subscribe(userId, fn) {
      let set = byUser.get(userId)
      if (!set) byUser.set(userId, (set = new Set()))
      set.add(fn)
      count++
      listening ??= database.listen(NOTIFY_CHANNEL, dispatch)
      try {
        await listening
      } catch (err) {
        listening = undefined
        set.delete(fn)
        count--
        throw err
      }
      let done = false
      return () => {
        if (done) return
        done = true
        set.delete(fn)
        if (set.size === 0) byUser.delete(userId)
        count--
        void stopIfIdle().catch((err: unknown) => log?.warn({ err }, 'UNLISTEN failed'))
      }
    },
    size: () => count,
    async close() {
      byUser.clear()
      count = 0
      await stopIfIdle()
    },
  }
}
