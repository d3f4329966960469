/**
 * Probes (public), registered under the `/api` prefix:
 * - `GET /health/live` → 200 `{status:'ok'}` while the process serves requests;
 * - `GET /health/ready` → 200 `{status:'ok'}` when every readiness check passes (server/readiness.ts),
 *   otherwise 503 `{status}` of the first failing one: `'starting'` until the server is ready (`ready`),
 *   then e.g. `'saturated'` while requests queue for their turn longer than the bound (server/concurrency.ts),
 *   `'database-unreachable'` while a `SELECT 1` fails; `'stopping'` from the moment a shutdown
 *   begins (SIGTERM: server/main.ts), so that a load balancer stops sending requests here. While migrations
 *   run, the port is held by server/startup.ts, which answers `'migrating'`.
 */
import type { FastifyInstance } from 'fastify'
import { firstFailure, type ReadinessCheck } from '../readiness'

export interface HealthOptions {
  /** false until the server is ready: `'starting'` */
  ready: () => boolean
  /** true once a shutdown has begun: `'stopping'` (before every other check) */
  stopping?: () => boolean
  /** further checks, in order, after `ready` */
  checks?: readonly ReadinessCheck[]
}

export default async function healthRoutes(app: FastifyInstance, opts: HealthOptions): Promise<void> {
  const checks: ReadinessCheck[] = [
    () => (opts.stopping?.() ? 'stopping' : undefined),
    () => (opts.ready() ? undefined : 'starting'),
    ...(opts.checks ?? []),
  ]
  app.get('/health/live', { config: { access: { kind: 'public' }, doc: { summary: 'Il processo è vivo', tags: ['Stato del servizio'] } } }, async () => ({ status: 'ok' }))
  app.get('/health/ready', { config: { access: { kind: 'public' }, doc: { summary: 'Il servizio è pronto a ricevere richieste', description: 'Altrimenti risponde 503 {status} con il motivo: "migrating" (migrazioni in corso), "starting", "saturated" (troppe richieste in coda: il processo ne chiede meno), "database-unreachable" o "stopping" (arresto in corso).', tags: ['Stato del servizio'] } } }, async (_request, reply) => {
    const status = await firstFailure(checks)
    if (status === undefined) return { status: 'ok' }
    return reply.code(503).header('cache-control', 'no-store').send({ status })
  })
}
