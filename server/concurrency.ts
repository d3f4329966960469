/**
 * Bounded concurrency of the `/api` requests of one process (issue 14 point 4, throughput under load; issue 25
 * point 1, slow clients).
 *
 * At most `maxActive` `/api` requests run at once; the others wait, first come first served, before any work
 * is done for them (no token check, no database call), and start as running ones finish. Without the bound a
 * burst of requests all start at once: each one's database transaction then waits, between two statements,
 * behind the event-loop work of every other request, holding its pooled connection 'idle in transaction'
 * meanwhile, so a short stall (a disk flush, a garbage collection) grew into seconds of queueing. Nothing is
 * refused: a waiting request is only served later.
 *
 * The slot is taken once the request's body has been received (a `preValidation` hook: Fastify runs it after
 * the content-type parser, and before the access control's own `preValidation`), never while a client is still
 * sending: twelve sockets that sent headers with `Content-Length: 1000` and stalled used to hold every slot
 * (issue 25 point 1); now they hold no slot, and the body-idle timeout (server/request-limits.ts) closes them.
 * Routes that stream their body into the handler (the mass upload) read it while holding their slot: they are
 * uploads (below).
 *
 * Two pools: routes marked `config.upload` (the file uploads: large body limits, slow field connections, seconds
 * of image or file work) take a slot of a small pool of their own (`maxUploads`), so that uploads cannot starve
 * the other requests, nor the other requests the uploads.
 *
 * Not bounded: the readiness and liveness probes (`/api/health/…`, which must answer at once) and the
 * notification stream (`/api/notifications/stream`, open for minutes). A slot is released once, when the
 * response closes: answered, or its connection gone (also while it waited). A request whose client went away
 * while it waited is not run at all when its turn comes: nobody is left to read its answer, and running it
 * would do its work outside the bound (its slot already passed on).
 *
 * Saturation: when the oldest request waiting for a general slot has waited `saturatedAfterMs` or more, the
 * process is saturated (`saturated()`): readiness answers 503 `{status:'saturated'}` so that a load balancer
 * sends new requests elsewhere until the queue drains (liveness is unaffected).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ReadinessCheck } from './readiness'

const UNBOUNDED = ['/api/health/', '/api/notifications/stream']

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a file upload: runs in the small upload pool of server/concurrency.ts, not in the general one */
    upload?: boolean
  }
}

/** The running and waiting requests of one pool. */
export interface PoolState { active(): number; waiting(): number }

/** The bound's state: requests running and waiting (general pool), the upload pool, saturation. */
export interface ConcurrencyLimit extends PoolState {
  uploads: PoolState
  /** true while a request has waited `saturatedAfterMs` or more for a general slot */
  saturated(): boolean
}

export interface ConcurrencyOptions {
  /** general `/api` requests running at once */
  maxActive: number
  /** uploads (`config.upload` routes) running at once; default 2 */
  maxUploads?: number
  /** the process counts as saturated once a request has waited this long for a general slot (ms); default 2000 */
  saturatedAfterMs?: number
  /** the clock (tests) */
  now?: () => number
}

interface Pool extends PoolState {
  /** resolves once a slot is held */
  acquire(): Promise<void> | undefined
  release(): void
  /** how long the oldest waiting request has waited (ms), 0 when none waits */
  oldestWait(): number
}

function createPool(max: number, now: () => number): Pool {
  let active = 0
  const queue: { since: number; resolve: () => void }[] = []
  return {
    active: () => active,
    waiting: () => queue.length,
    acquire() {
      if (active < max) {
        active++
        return undefined
      }
      return new Promise<void>((resolve) => queue.push({ since: now(), resolve }))
    },
    release() {
      const next = queue.shift()
      if (next) next.resolve() // the slot passes to the next request: `active` unchanged
      else active--
    },
    oldestWait: () => (queue[0] ? now() - queue[0].since : 0),
  }
}

/** True for the requests the bound applies to (every `/api` route but the probes and the notification stream). */
function bounded(request: FastifyRequest): boolean {
  const url = request.url
  return url.startsWith('/api/') && !UNBOUNDED.some((p) => url.startsWith(p))
}

/** Registers the bound on `app` (hooks on the root instance: call before the routes and the access control). */
export function registerConcurrencyLimit(app: FastifyInstance, opts: ConcurrencyOptions): ConcurrencyLimit {
  const now = opts.now ?? Date.now
  const general = createPool(opts.maxActive, now)
  const uploads = createPool(opts.maxUploads ?? 2, now)
  const saturatedAfterMs = opts.saturatedAfterMs ?? 2000

  // after the body is parsed (or, for a streamed body, before the handler reads it), before the token check
  app.addHook('preValidation', async (request, reply) => {
    if (!bounded(request)) return
    const pool = request.routeOptions.config.upload === true ? uploads : general
    const turn = pool.acquire()
    if (turn) await turn
    // 'close' comes once, after the answer or when the connection is gone
    if (!reply.raw.closed) {
      reply.raw.once('close', pool.release)
      return
    }
    // gone while it waited: free the slot now and end the request here (hijacked: no handler, no answer)
    pool.release()
    request.log.debug('concurrency: client gone while waiting, request not run')
    reply.hijack()
  })
  return {
    active: general.active,
    waiting: general.waiting,
    uploads: { active: uploads.active, waiting: uploads.waiting },
    saturated: () => general.waiting() > 0 && general.oldestWait() >= saturatedAfterMs,
  }
}

/** The readiness check of a saturated process: `'saturated'` while {@link ConcurrencyLimit.saturated} holds. */
export function saturationCheck(limit: Pick<ConcurrencyLimit, 'saturated'>): ReadinessCheck {
  return () => (limit.saturated() ? 'saturated' : undefined)
}
