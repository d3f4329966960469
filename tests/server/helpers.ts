/**
 * Server test harness: the real app (`buildApp`) on an in-memory PGlite (or a private database on the
 * `DATABASE_URL` server when set),
 * a temporary `DATA_DIR` (dev provider keys, secrets) and a token minting helper that signs with the
 * provider's real key — or with a forged key carrying the same `kid`.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify'
import { importJWK, SignJWT, type JWK } from 'jose'
import pg from 'pg'
import { buildApp } from '../../server/app'
import { loadConfig, type AppConfig } from '../../server/config'
import { openDatabase, type DatabaseHandle } from '../../server/db/index'
import { generateSigningJwk } from '../../server/oidc/keys'

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

/**
 * Opens the test database, migrated and seeded: in-memory PGlite, or — when `DATABASE_URL` is set — a
 * fresh PostgreSQL database created for this caller on that server and dropped on close, so test files
 * running side by side never see each other's rows (the same isolation PGlite gives).
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL
  if (!url) return openDatabase({ dataDir: 'memory://' })
  const name = `pd_test_${process.pid}_${randomBytes(4).toString('hex')}`
  await adminQuery(url, `CREATE DATABASE ${name}`)
  const dbUrl = new URL(url)
  dbUrl.pathname = `/${name}`
  const handle = await openDatabase({ dataDir: 'memory://', databaseUrl: dbUrl.toString() })
  return {
    ...handle,
    async close() {
      await handle.close()
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    },
  }
}

/** Runs one statement on the server of `url` (its own database), outside any transaction. */
async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
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
    const { keys } = JSON.parse(readFileSync(join(config.dataDir, 'oidc-jwks.json'), 'utf8')) as { keys: JWK[] }
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
