/**
 * Probes (public), registered under the `/api` prefix:
 * - `GET /health/live` → 200 `{status:'ok'}` while the process serves requests;
 * - `GET /health/ready` → 200 `{status:'ok'}` once the database is migrated and seeded, otherwise
 *   503 `{status:'starting'}`; 503 `{status:'stopping'}` from the moment a shutdown begins (SIGTERM:
 *   server/main.ts), so that a load balancer stops sending requests to this process.
 */
import type { FastifyInstance } from 'fastify'

export default async function healthRoutes(app: FastifyInstance, opts: { ready: () => boolean; stopping?: () => boolean }): Promise<void> {
  app.get('/health/live', { config: { access: { kind: 'public' } } }, async () => ({ status: 'ok' }))
  app.get('/health/ready', { config: { access: { kind: 'public' } } }, async (_request, reply) => {
    if (opts.stopping?.()) return reply.code(503).send({ status: 'stopping' })
    if (opts.ready()) return { status: 'ok' }
    return reply.code(503).send({ status: 'starting' })
  })
}
