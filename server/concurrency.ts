/**
 * Bounded concurrency of the `/api` requests of one process (issue 14 point 4, throughput under load).
 *
 * At most `maxActive` `/api` requests run at once; the others wait, first come first served, before any work
 * is done for them (no token check, no database call), and start as running ones finish. Without the bound a
 * burst of requests all start at once: each one's database transaction then waits, between two statements,
 * behind the event-loop work of every other request, holding its pooled connection 'idle in transaction'
 * meanwhile, so a short stall (a disk flush, a garbage collection) grew into seconds of queueing. Nothing is
 * refused: a waiting request is only served later.
 *
 * Not bounded: the readiness and liveness probes (`/api/health/…`, which must answer at once) and the
 * notification stream (`/api/notifications/stream`, open for minutes). A slot is released once, when the
 * response closes: answered, or its connection gone (also while it waited). A request whose client went away
 * while it waited is not run at all when its turn comes: nobody is left to read its answer, and running it
 * would do its work outside the bound (its slot already passed on).
 */
import type { FastifyInstance } from 'fastify'

const UNBOUNDED = ['/api/health/', '/api/notifications/stream']

/** The bound's state: requests running, and waiting for their turn. */
export interface ConcurrencyLimit { active(): number; waiting(): number }

/** Registers the bound on `app` (hooks on the root instance: call before the routes). */
export function registerConcurrencyLimit(app: FastifyInstance, opts: { maxActive: number }): ConcurrencyLimit {
  let active = 0
  const waiting: (() => void)[] = []

  const release = () => {
    const next = waiting.shift()
    if (next) next() // the slot passes to the next request: `active` unchanged
    else active--
  }

  app.addHook('onRequest', async (request, reply) => {
    const url = request.url
    if (!url.startsWith('/api/') || UNBOUNDED.some((p) => url.startsWith(p))) return
    if (active < opts.maxActive) active++
    else await new Promise<void>((resolve) => waiting.push(resolve))
    // 'close' comes once, after the answer or when the connection is gone
    if (!reply.raw.closed) {
      reply.raw.once('close', release)
      return
    }
    // gone while it waited: free the slot now and end the request here (hijacked: no handler, no answer)
    release()
    request.log.debug('concurrency: client gone while waiting, request not run')
    reply.hijack()
  })
  return { active: () => active, waiting: () => waiting.length }
}
