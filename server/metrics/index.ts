/**
 * `GET /metrics` in the Prometheus text format (issue 14 point 3), behind `METRICS_TOKEN`:
 * - token unset: the route answers 404 `{errorCode:'C01'}` and nothing is measured (no hook, no registry);
 * - token set: the series of server/metrics/registry.ts on a registry of this app instance, fed by the
 *   request hooks (server/metrics/http.ts) and read from the database at scrape time
 *   (server/metrics/sources.ts); a request without `Authorization: Bearer <token>`, or with another
 *   token, is 401 `{errorCode:'A01'}` with `WWW-Authenticate: Bearer`.
 * Scrapes are logged at `warn` only (not one line each 15 s).
 */
import type { FastifyInstance } from 'fastify'
import type { DatabaseHandle } from '../db/index'
import { notFound, unauthorized } from '../errors'
import { instrumentRequests } from './http'
import { createMetrics, type ApiRequestsNow, type AppMetrics } from './registry'
import { poolConnections, readQueueDepth, withTimeout } from './sources'
import { bearerChecker } from './token'

/** Longest wait for the queue-depth reading of one scrape (ms). */
export const QUEUE_DEPTH_TIMEOUT_MS = 2000

export interface MetricsOptions {
  /** `METRICS_TOKEN`; undefined = metrics off */
  token?: string
  database: DatabaseHandle
  /** `/api` requests running and waiting, and the upload pool's (server/concurrency.ts) */
  apiRequests?: () => ApiRequestsNow
  /** the access register's lost rows (server/domain/registro/scrittore.ts); absent when the register is off */
  registroPersi?: () => { errore: number; pieno: number }
}

/** Registers `/metrics` (and, when on, the request hooks) on `app`; returns the metrics, or undefined when off. */
export function registerMetrics(app: FastifyInstance, opts: MetricsOptions): AppMetrics | undefined {
  const route = { logLevel: 'warn' as const }
  if (!opts.token) {
    app.get('/metrics', route, async () => { throw notFound('C01', 'Le metriche non sono attive su questo server.') })
    return undefined
  }
  const { database } = opts
  const metrics = createMetrics({
    queueDepth: () => withTimeout(readQueueDepth(database.db), QUEUE_DEPTH_TIMEOUT_MS),
    poolConnections: () => poolConnections(database),
    ...(opts.apiRequests ? { apiRequests: opts.apiRequests } : {}),
    ...(opts.registroPersi ? { registroPersi: opts.registroPersi } : {}),
    onSourceError: (err, metric) => app.log.warn({ err, metric }, 'metrics: source not readable'),
  })
  instrumentRequests(app, metrics)
  const authorized = bearerChecker(opts.token)
  app.get('/metrics', route, async (request, reply) => {
    if (!authorized(request.headers.authorization)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"')
      throw unauthorized('A01', 'Per leggere le metriche serve il token di accesso (METRICS_TOKEN).')
    }
    const text = await metrics.registry.metrics()
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text)
  })
  return metrics
}
