/**
 * The per-request series (server/metrics/registry.ts), fed by two root hooks kept cheap for the write
 * path (no database work, no per-request allocation beyond a cache lookup):
 * - `onSend`: for an answer with status ≥ 400 whose payload is serialised JSON, the `errorCode` field
 *   (first 200 characters, catalogue-shaped codes only) → `api_errors_total`;
 * - `onResponse`: `http_requests_total` and `http_request_duration_seconds` (Fastify's
 *   `reply.elapsedTime`), `outbox_requests_total` for a write carrying `Idempotency-Key`,
 *   `idempotent_replays_total` when server/idempotency.ts replayed a stored answer.
 * `route` is `request.routeOptions.url` (the pattern: no ids, no tokens), `not_found` when none matched.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '../idempotency'
import type { AppMetrics } from './registry'

/** The route label of a request: its pattern, or `not_found`. */
export function routeLabel(request: FastifyRequest): string {
  return request.is404 ? 'not_found' : request.routeOptions.url ?? 'not_found'
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** `"errorCode":"S09"` near the start of a JSON body; codes as the catalogue writes them. */
const ERROR_CODE = /"errorCode":"([A-Z][A-Z0-9_]{0,31})"/
const REPLAYED = REPLAYED_HEADER.toLowerCase()

/** The catalogue code of a serialised JSON error answer, or undefined. */
export function errorCodeOf(payload: unknown): string | undefined {
  if (typeof payload !== 'string') return undefined
  return ERROR_CODE.exec(payload.length > 200 ? payload.slice(0, 200) : payload)?.[1]
}

/** `create(key)` once per distinct key (a bounded set: routes × methods × statuses). */
function cached<T>(create: (...parts: string[]) => T): (...parts: string[]) => T {
  const children = new Map<string, T>()
  return (...parts) => {
    const key = parts.join('\u0000')
    let child = children.get(key)
    if (child === undefined) {
      child = create(...parts)
      children.set(key, child)
    }
    return child
  }
}

/** Adds the two hooks to `app` (call at the root, before the routes are registered). */
export function instrumentRequests(app: FastifyInstance, metrics: AppMetrics): void {
  const requests = cached((method, route, status) => metrics.httpRequests.labels(method!, route!, status!))
  const duration = cached((method, route) => metrics.httpDuration.labels(method!, route!))
  const errors = cached((code, status) => metrics.apiErrors.labels(code!, status!))
  const outbox = cached((route) => metrics.outboxRequests.labels(route!))
  const replays = cached((route) => metrics.idempotentReplays.labels(route!))

  app.addHook('onSend', (_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
    if (reply.statusCode >= 400) {
      const code = errorCodeOf(payload)
      if (code !== undefined) errors(code, String(reply.statusCode)).inc()
    }
    done(null, payload)
  })
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request)
    const method = request.method
    requests(method, route, String(reply.statusCode)).inc()
    duration(method, route).observe(reply.elapsedTime / 1000)
    if (request.headers[IDEMPOTENCY_HEADER] !== undefined && WRITE_METHODS.has(method)) outbox(route).inc()
    if (reply.getHeader(REPLAYED) === 'true') replays(route).inc()
    done()
  })
}
