/**
 * A store for `@fastify/rate-limit` (its `store` option: a constructor whose instances have `incr`, `read`
 * and `child`) keeping the counters in PostgreSQL, table `limite_richieste` (issue 14 point 1): every
 * process behind a load balancer counts the same client's requests together.
 *
 * - `incr(key, cb, timeWindow, max)`: one atomic upsert — a new or expired row starts a window of
 *   `timeWindow` ms at 1, a live one adds 1 — answering `{current, ttl}` (ttl: ms left in the window).
 *   Fixed windows, as the plugin's own stores (no `continueExceeding`, no exponential back-off: unused here).
 * - `read(key, cb)`: the same without counting (`{current: 0, ttl: 0}` when no live window).
 * - `child(routeOptions)`: a store whose keys carry the route (method and URL) and the window, like the
 *   plugin's Redis store, so that two routes never share a counter.
 * Expired rows are deleted at most every {@link PURGE_EVERY_MS}, in the background.
 */
import { sql } from 'drizzle-orm'
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { Database } from './db/types'

/** How often (ms) expired counters are deleted, at most. */
export const PURGE_EVERY_MS = 10 * 60_000

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void

interface RouteParams { timeWindow?: unknown; routeInfo?: { method?: unknown; url?: unknown } }

const rowsOf = (result: unknown) => (result as { rows: { conteggio: number | string; ttl: number | string }[] }).rows

/** The store class bound to `db` (pass it as `store` to the plugin). */
export function postgresRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  let lastPurge = 0
  const purge = () => {
    if (Date.now() - lastPurge < PURGE_EVERY_MS) return
    lastPurge = Date.now()
    db.execute(sql`delete from limite_richieste where scade_il < now()`).catch(() => { lastPurge = 0 })
  }

  class PostgresStore implements FastifyRateLimitStore {
    constructor(_options: unknown, private readonly prefix = '') {}

    incr(key: string, cb: Callback, timeWindow: number): void {
      purge()
      const chiave = this.prefix + key
      db.execute(sql`
        insert into limite_richieste (chiave, conteggio, scade_il)
        values (${chiave}, 1, now() + make_interval(secs => ${timeWindow / 1000}))
        on conflict (chiave) do update set
          conteggio = case when limite_richieste.scade_il <= now() then 1 else limite_richieste.conteggio + 1 end,
          scade_il = case when limite_richieste.scade_il <= now() then excluded.scade_il else limite_richieste.scade_il end
        returning conteggio, greatest(0, ceil(extract(epoch from (scade_il - now())) * 1000))::int as ttl`)
        .then((result) => {
          const row = rowsOf(result)[0]!
          cb(null, { current: Number(row.conteggio), ttl: Number(row.ttl) })
        }, (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))))
    }

    read(key: string, cb: Callback): void {
      db.execute(sql`
        select conteggio, greatest(0, ceil(extract(epoch from (scade_il - now())) * 1000))::int as ttl
        from limite_richieste where chiave = ${this.prefix + key} and scade_il > now()`)
        .then((result) => {
          const row = rowsOf(result)[0]
          cb(null, row ? { current: Number(row.conteggio), ttl: Number(row.ttl) } : { current: 0, ttl: 0 })
        }, (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))))
    }

    child(options: object): FastifyRateLimitStore {
      // the plugin passes the merged route parameters: `timeWindow` and `routeInfo` (the route's options)
      const routeOptions = options as RouteParams
      const route = routeOptions.routeInfo ?? {}
      const method = typeof route.method === 'string' ? route.method : Array.isArray(route.method) ? route.method.join(',') : ''
      const url = typeof route.url === 'string' ? route.url : ''
      return new PostgresStore(undefined, `${method} ${url}|${String(routeOptions.timeWindow)}|`)
    }
  }
  return PostgresStore as unknown as FastifyRateLimitStoreCtor
}
