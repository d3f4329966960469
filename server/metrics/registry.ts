/**
 * The Prometheus series of one app instance (issue 14 point 3), on a registry of its own (never the
 * global default registry: tests build many apps in one process):
 * - `http_requests_total{method,route,status_code}` and `http_request_duration_seconds{method,route}`
 *   (histogram, seconds); `route` is the route pattern (`/api/servizio/:id`), `not_found` when none matched;
 * - `api_errors_total{error_code,status_code}`: the `errorCode` of every JSON answer with status ≥ 400;
 * - `outbox_requests_total{route}`: write requests carrying `Idempotency-Key` (the offline outbox's sends
 *   and resends); `idempotent_replays_total{route}`: answers served from a stored record;
 * - `job_queue_depth{queue,state}` and `db_pool_connections{state}`: gauges read at scrape time from the
 *   sources given (server/metrics/sources.ts);
 * - `registro_accessi_persi_total{motivo}`: access-register rows lost (issue 28 part 1), read from the writer at scrape time;
 * - `api_requests_in_progress{state}`: `/api` requests running and waiting for their turn (server/concurrency.ts);
 * - prom-client's default process metrics (`process_*`, `nodejs_*`: memory, CPU, event-loop lag, GC).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

/** One row of queue depth: `count` items of `queue` (a job kind, or the mass upload) in `state`. */
/** The `/api` requests of this process now: general pool, and the upload pool when known (server/concurrency.ts). */
export interface ApiRequestsNow { active: number; waiting: number; uploadsActive?: number; uploadsWaiting?: number }

export interface QueueDepth { queue: string; state: string; count: number }

/** Connections of the database pool (PGlite: one connection, `total` only). */
export interface PoolConnections { total: number; idle?: number; waiting?: number }

/** What the gauges read at scrape time. */
export interface MetricSources {
  /** one cheap query per table; a rejection leaves the gauge empty for that scrape (and is logged) */
  queueDepth(): Promise<QueueDepth[]>
  poolConnections(): PoolConnections
  /** `/api` requests running and waiting their turn (server/concurrency.ts); absent: no such gauge */
  apiRequests?(): ApiRequestsNow
  /** rows of the access register lost, by reason (server/domain/registro/scrittore.ts); absent: register off */
  registroPersi?(): { errore: number; pieno: number }
  /** told when a source fails (the scrape still answers) */
  onSourceError?(err: unknown, metric: string): void
}

export interface AppMetrics {
  registry: Registry
  httpRequests: Counter<'method' | 'route' | 'status_code'>
  httpDuration: Histogram<'method' | 'route'>
  apiErrors: Counter<'error_code' | 'status_code'>
  outboxRequests: Counter<'route'>
  idempotentReplays: Counter<'route'>
}

/** Latency buckets (seconds): fine below 0.2 s (the write path's p99 target), coarse above. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 1, 2.5, 5, 10]

/** Creates the registry and its series; the default process metrics start being sampled now. */
export function createMetrics(sources: MetricSources): AppMetrics {
  const registry = new Registry()
  const registers = [registry]
  collectDefaultMetrics({ register: registry })
  const httpRequests = new Counter({
    name: 'http_requests_total', help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const, registers,
  })
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds', help: 'Time to answer an HTTP request, by method and route pattern.',
    labelNames: ['method', 'route'] as const, buckets: LATENCY_BUCKETS, registers,
  })
  const apiErrors = new Counter({
    name: 'api_errors_total', help: 'JSON error answers (status >= 400), by catalogue error code and status code.',
    labelNames: ['error_code', 'status_code'] as const, registers,
  })
  const outboxRequests = new Counter({
    name: 'outbox_requests_total', help: 'Write requests carrying an Idempotency-Key (offline outbox sends and resends), by route.',
    labelNames: ['route'] as const, registers,
  })
  const idempotentReplays = new Counter({
    name: 'idempotent_replays_total', help: 'Answers replayed from a stored idempotency record, by route.',
    labelNames: ['route'] as const, registers,
  })
  new Gauge({
    name: 'job_queue_depth', help: 'Background jobs by queue (job kind, or mass_upload) and state, read at scrape time.',
    labelNames: ['queue', 'state'] as const, registers,
    async collect() {
      this.reset()
      try {
        for (const row of await sources.queueDepth()) this.set({ queue: row.queue, state: row.state }, row.count)
      } catch (err) {
        sources.onSourceError?.(err, 'job_queue_depth')
      }
    },
  })
  new Gauge({
    name: 'db_pool_connections', help: 'Database pool connections by state (total, idle, waiting clients).',
    labelNames: ['state'] as const, registers,
    collect() {
      this.reset()
      const pool = sources.poolConnections()
      this.set({ state: 'total' }, pool.total)
      if (pool.idle !== undefined) this.set({ state: 'idle' }, pool.idle)
      if (pool.waiting !== undefined) this.set({ state: 'waiting' }, pool.waiting)
    },
  })
  const apiRequests = sources.apiRequests
  if (apiRequests) {
    new Gauge({
      name: 'api_requests_in_progress', help: '/api requests of this process running (active) and waiting for their turn (waiting); uploads in their own pool (uploads_active, uploads_waiting).',
      labelNames: ['state'] as const, registers,
      collect() {
        const now = apiRequests()
        this.set({ state: 'active' }, now.active)
        this.set({ state: 'waiting' }, now.waiting)
        if (now.uploadsActive !== undefined) this.set({ state: 'uploads_active' }, now.uploadsActive)
        if (now.uploadsWaiting !== undefined) this.set({ state: 'uploads_waiting' }, now.uploadsWaiting)
      },
    })
  }
  const registroPersi = sources.registroPersi
  if (registroPersi) {
    new Counter({
      name: 'registro_accessi_persi_total', help: 'Access-register rows lost: motivo="errore" (their batch could not be written), motivo="pieno" (dropped beyond the buffer\'s cap).',
      labelNames: ['motivo'] as const, registers,
      collect() {
        const persi = registroPersi()
        this.reset()
        this.inc({ motivo: 'errore' }, persi.errore)
        this.inc({ motivo: 'pieno' }, persi.pieno)
      },
    })
  }
  return { registry, httpRequests, httpDuration, apiErrors, outboxRequests, idempotentReplays }
}
