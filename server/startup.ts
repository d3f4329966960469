/**
 * The port during startup (issue 14 point 3): while `openSeededDatabase` migrates and seeds and the app is
 * built, a minimal node:http responder holds the port so that probes get an answer instead of a refused
 * connection — `GET /api/health/live` 200 `{status:'ok'}`, `GET /api/health/ready` 503 `{status}`
 * (`'migrating'`, then `'starting'`), anything else 503 `{errorCode:'G04', message}` with `Retry-After`.
 * `close()` releases the port (idle keep-alive connections dropped) for Fastify to listen on; between the
 * two a connection may be refused for a moment, which a probe reads as "not ready".
 */
import { existsSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { catalogueMessage } from './errors'
import type { NotReadyStatus } from './readiness'

/**
 * Test hook (issue 24 point 10): when this environment variable names a file, the migration waits while the
 * file exists (server/main.ts → openSeededDatabase's `beforeMigrate`), so that a test holds the server in its
 * 'migrating' state for as long as it probes it and then releases it by deleting the file.
 */
export const MIGRATION_LATCH_ENV = 'PD_TEST_MIGRATION_LATCH'

/** Resolves once `path` no longer exists (checked every `everyMs`). */
export async function waitWhileExists(path: string, everyMs = 50): Promise<void> {
  while (existsSync(path)) await new Promise((resolve) => setTimeout(resolve, everyMs))
}

export interface StartupResponder {
  /** the port it listens on (the configured one, or the one picked for port 0) */
  port: number
  /** what `/api/health/ready` answers from now on */
  setStatus(status: NotReadyStatus): void
  /** stops listening and closes every connection; resolves once the port is free */
  close(): Promise<void>
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store', ...headers })
  res.end(text)
}

/** Starts the responder on `host:port` with status `'migrating'`; rejects when the port cannot be bound. */
export function startStartupResponder(opts: { port: number; host: string }): Promise<StartupResponder> {
  let status: NotReadyStatus = 'migrating'
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]
    if (req.method === 'GET' && path === '/api/health/live') return json(res, 200, { status: 'ok' })
    if (req.method === 'GET' && path === '/api/health/ready') return json(res, 503, { status })
    json(res, 503, { errorCode: 'G04', message: catalogueMessage('G04') ?? 'Servizio momentaneamente non disponibile.' }, { 'retry-after': '5' })
  })
  server.keepAliveTimeout = 1000
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject)
      resolve({
        port: (server.address() as AddressInfo).port,
        setStatus(next) { status = next },
        close: () => new Promise<void>((done) => {
          server.close(() => done())
          server.closeAllConnections()
        }),
      })
    })
  })
}
