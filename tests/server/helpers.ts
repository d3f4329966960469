/**
 * Server test harness: the real app (`buildApp`) on an in-memory PGlite (or a private database on the
 * `DATABASE_URL` server when set),
 * a temporary `DATA_DIR` (dev provider keys, secrets) and a token minting helper that signs with the
 * provider's real key — or with a forged key carrying the same `kid`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify'
import { importJWK, SignJWT, type JWK } from 'jose'
import { buildApp } from '../../server/app'
import { loadConfig, type AppConfig } from '../../server/config'
import type { DatabaseHandle } from '../../server/db/index'
import { openTestDatabase } from './test-database'
import { generateSigningJwk } from '../../server/oidc/keys'

export { openTestDatabase }

export const TEST_PUBLIC_URL = 'http://127.0.0.1:8080'
export const TEST_HOST = '127.0.0.1:8080'

export interface SignOptions {
  /** exp one hour in the past */
  expired?: boolean
  /** signed with a freshly generated key carrying the real `kid` */
  wrongKey?: boolean
  issuer?: string
  audience?: string
  /** claims to add or override (e.g. `{ fiscalNumber: 'X' }`) */
  claims?: Record<string, unknown>
}

export interface TestServer {
  app: FastifyInstance
  config: AppConfig
  database: DatabaseHandle
  /** every route registered, in order (`url`, `method`, `config.access`…) */
  routes: RouteOptions[]
  signIdToken(codiceFiscale: string, opts?: SignOptions): Promise<string>
  close(): Promise<void>
}

export interface TestServerOptions {
  /** extra environment (e.g. `STATIC_DIR`); DATA_DIR defaults to a fresh temp folder */
  env?: Record<string, string>
  /** reuse an open database instead of opening a new one (not closed by `close()`) */
  database?: DatabaseHandle
  /** reuse this DATA_DIR (not deleted by `close()`) */
  dataDir?: string
  /** receives the server's log lines (set `LOG_LEVEL` in `env`: the default is silent) */
  logStream?: { write(line: string): unknown }
}

/** A temp folder under the OS temp dir (removed by the caller). */
export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `pd-${prefix}-`))
}

/** Builds and readies the app; see {@link TestServer}. */
export async function createTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = opts.dataDir ?? tempDir('data')
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_PUBLIC_URL,
    LOG_LEVEL: 'silent',
    STATIC_DIR: join(dataDir, 'no-build'),
    ...opts.env,
  })
  const database = opts.database ?? await openTestDatabase()
  const routes: RouteOptions[] = []
  const app = await buildApp({ config, database, onRoute: (route) => { routes.push(route) }, logStream: opts.logStream })
  await app.ready()

  const realKey = () => {
    // the provider's keys: from SECRETS_FILE when given there (never written to DATA_DIR then), else DATA_DIR's
    const { keys } = config.secrets.devSigningJwks ? { keys: config.secrets.devSigningJwks } : JSON.parse(readFileSync(join(config.dataDir, 'oidc-jwks.json'), 'utf8')) as { keys: JWK[] }
    const key = keys[0]
    if (!key) throw new Error('no signing key in DATA_DIR')
    return key
  }
  let forged: JWK | undefined

  return {
    app,
    config,
    database,
    routes,
    async signIdToken(codiceFiscale, sign = {}) {
      const real = realKey()
      const jwk = sign.wrongKey ? (forged ??= { ...(await generateSigningJwk()), kid: real.kid }) : real
      const now = Math.floor(Date.now() / 1000)
      const iat = sign.expired ? now - 7200 : now
      return new SignJWT({ fiscalNumber: `TINIT-${codiceFiscale}`, name: 'Test', ...sign.claims })
        .setProtectedHeader({ alg: 'RS256', kid: real.kid })
        .setIssuer(sign.issuer ?? config.oidc.issuer)
        .setAudience(sign.audience ?? config.oidc.clientId)
        .setSubject(codiceFiscale)
        .setIssuedAt(iat)
        .setExpirationTime(iat + 3600)
        .sign(await importJWK(jwk, 'RS256'))
    },
    async close() {
      await app.close()
      if (!opts.database) await database.close()
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** A JSON call to the API with the contract's headers. */
export function apiCall(app: FastifyInstance, opts: {
  method?: InjectOptions['method']
  url: string
  token?: string
  role?: string
  body?: unknown
}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { host: TEST_HOST }
  if (opts.token) headers.authToken = opts.token
  if (opts.role) headers.userRole = opts.role
  return app.inject({
    method: opts.method ?? 'POST',
    url: opts.url,
    headers,
    ...(opts.body !== undefined ? { payload: opts.body as InjectOptions['payload'] } : {}),
  })
}
