/**
 * Probes (public), registered under the `/api` prefix:
 * - `GET /health/live` → 200 `{status:'ok'}` while the process serves requests;
 * - `GET /health/ready` → 200 `{status:'ok'}` once the database is migrated and seeded, otherwise
 *   503 `{status:'starting'}`.
 */
import type { FastifyInstance } from 'fastify'

export default async function healthRoutes(app: FastifyInstance, opts: { ready: () => boolean }): Promise<void> {
  app.get('/health/live', { config: { access: { kind: 'public' }, doc: { summary: 'Il processo è vivo', tags: ['Stato del servizio'] } } }, async () => ({ status: 'ok' }))
  app.get('/health/ready', { config: { access: { kind: 'public' }, doc: { summary: 'Il servizio è pronto (database migrato)', description: 'Finché non lo è risponde 503 {status: "starting"}.', tags: ['Stato del servizio'] } } }, async (_request, reply) => {
    if (opts.ready()) return { status: 'ok' }
    return reply.code(503).send({ status: 'starting' })
  })
}
