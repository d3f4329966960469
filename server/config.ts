/**
 * Server configuration from environment variables (issue #2 point 2 "configuration table").
 *
 * | Variable | Default | Meaning |
 * |---|---|---|
 * | `PORT` | `8080` | TCP port to listen on (0–65535; 0 picks a free port). |
 * | `HOST` | `127.0.0.1` | Interface to bind (`0.0.0.0` to listen on every interface). |
 * | `PUBLIC_URL` | `http://HOST:PORT` (`127.0.0.1` when HOST is `0.0.0.0`/`::`) | Origin the browser uses to reach the server (http/https, no path). The dev identity provider's issuer is `PUBLIC_URL/oidc`; its client accepts redirects to this origin and to its `localhost`/`127.0.0.1` twin. |
 * | `DATA_DIR` | `./data` | Folder for the embedded PGlite database (`DATA_DIR/pglite`), the dev provider's signing keys (`oidc-jwks.json`) and generated secrets (`secrets.json`). |
 * | `DATABASE_URL` | — (embedded PGlite) | `postgres://…` connection string: use PostgreSQL instead of PGlite (migrated and seeded the same way). |
 * | `STATIC_DIR` | `./dist` | Folder of the built application (`npm run build`) served at `/`. |
 * | `OIDC_ISSUER` | — (dev provider at `PUBLIC_URL/oidc`) | Issuer URL of an external OpenID Connect provider. When set, the development provider is off. |
 * | `OIDC_CLIENT_ID` | `punto-digitale` | Client id of the application at the provider; the ID token's audience must equal it. |
 * | `OIDC_JWKS_URI` | — (discovered from the issuer) | JWKS URL of the external provider, to verify ID token signatures. |
 * | `OIDC_FISCAL_CODE_CLAIM` | `fiscalNumber` | ID token claim holding the fiscal code (`TINIT-<CF>` or the bare CF). |
 * | `CITIZEN_HASH_SECRET` | generated once into `DATA_DIR/secrets.json` | Secret (≥ 32 chars) of the keyed hash (HMAC) that identifies citizens by fiscal code. Keep it stable: changing it orphans stored hashes. |
 * | `COOKIE_KEYS` | generated once into `DATA_DIR/secrets.json` | Comma-separated keys (each ≥ 32 chars) signing the dev provider's cookies; the first signs, all verify. |
 * | `TRUST_PROXY` | `false` | `true` behind a TLS-terminating reverse proxy (honours `X-Forwarded-*`). |
 * | `LOG_LEVEL` | `info` | `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`. |
 * | `IDEMPOTENCY_STALE_MS` | `120000` | Age (ms, 1000–86400000) after which a pending idempotency claim is deemed abandoned (crashed process) and taken over. |
 *
 * Invalid values throw a {@link ConfigError} naming the variable, at startup.
 */
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/** Client id of the application at the development identity provider. */
export const DEV_CLIENT_ID = 'punto-digitale'

export interface OidcConfig {
  /** issuer URL (no trailing slash): `PUBLIC_URL/oidc` for the dev provider */
  issuer: string
  clientId: string
  /** JWKS of an external provider; undefined = discover it (or the dev provider's own keys) */
  jwksUri?: string
  /** ID token claim carrying the fiscal code */
  fiscalCodeClaim: string
  /** true when `OIDC_ISSUER` points at another provider (dev provider off) */
  external: boolean
}

export interface AppConfig {
  port: number
  host: string
  /** origin, no trailing slash, e.g. `http://127.0.0.1:8080` */
  publicUrl: string
  /** absolute path */
  dataDir: string
  databaseUrl?: string
  /** absolute path */
  staticDir: string
  oidc: OidcConfig
  citizenHashSecret: string
  cookieKeys: string[]
  trustProxy: boolean
  logLevel: LogLevel
  /** a pending idempotency claim older than this (ms) is taken over (server/idempotency.ts) */
  idempotencyStaleMs: number
}

/** A configuration value is missing or invalid; the message names the variable. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ConfigError'
  }
}

type Env = Record<string, string | undefined>

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim()
  return value ? value : undefined
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined) return 8080
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) {
    throw new ConfigError(`PORT must be an integer between 0 and 65535 (got "${raw}")`)
  }
  return Number(raw)
}

function parseUrl(name: string, raw: string, { originOnly }: { originOnly: boolean }): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL (got "${raw}")`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must use http or https (got "${raw}")`)
  }
  if (url.search || url.hash) throw new ConfigError(`${name} must not carry a query or fragment (got "${raw}")`)
  if (originOnly && url.pathname !== '/') {
    throw new ConfigError(`${name} must be an origin without a path, e.g. http://127.0.0.1:8080 (got "${raw}")`)
  }
  return originOnly ? url.origin : url.href.replace(/\/+$/, '')
}

function parseBoolean(name: string, raw: string | undefined): boolean {
  if (raw === undefined) return false
  if (/^(1|true|yes)$/i.test(raw)) return true
  if (/^(0|false|no)$/i.test(raw)) return false
  throw new ConfigError(`${name} must be true or false (got "${raw}")`)
}

function parseStaleMs(raw: string | undefined): number {
  if (raw === undefined) return 120_000
  if (!/^\d+$/.test(raw) || Number(raw) < 1000 || Number(raw) > 86_400_000) {
    throw new ConfigError(`IDEMPOTENCY_STALE_MS must be an integer between 1000 and 86400000 milliseconds (got "${raw}")`)
  }
  return Number(raw)
}

const MIN_SECRET_LENGTH = 32

interface StoredSecrets { citizenHashSecret?: string; cookieKeys?: string[] }

/**
 * Reads `DATA_DIR/secrets.json`, adds whichever secret is missing (random, 48 bytes base64url)
 * and writes it back (mode 600), so generated secrets stay the same across restarts.
 */
function persistedSecrets(dataDir: string, need: { citizenHashSecret: boolean; cookieKeys: boolean }): Required<StoredSecrets> {
  const file = join(dataDir, 'secrets.json')
  let stored: StoredSecrets = {}
  if (existsSync(file)) {
    try {
      stored = JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets
    } catch {
      throw new ConfigError(`${file} is not valid JSON: fix or delete it (a new one is generated)`)
    }
  }
  const fresh = () => randomBytes(48).toString('base64url')
  let changed = false
  if (need.citizenHashSecret && !stored.citizenHashSecret) {
    stored.citizenHashSecret = fresh()
    changed = true
  }
  if (need.cookieKeys && !stored.cookieKeys?.length) {
    stored.cookieKeys = [fresh()]
    changed = true
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(file, JSON.stringify(stored, null, 2) + '\n', { mode: 0o600 })
    chmodSync(file, 0o600)
  }
  return { citizenHashSecret: stored.citizenHashSecret ?? '', cookieKeys: stored.cookieKeys ?? [] }
}

/**
 * Builds the typed configuration from `env` (default `process.env`).
 * Side effect: when `CITIZEN_HASH_SECRET` or `COOKIE_KEYS` is unset, creates `DATA_DIR` and
 * `DATA_DIR/secrets.json` holding a generated value (reused on later starts).
 * @throws ConfigError on any invalid value
 */
export function loadConfig(env: Env = process.env): AppConfig {
  const port = parsePort(read(env, 'PORT'))
  const host = read(env, 'HOST') ?? '127.0.0.1'
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host
  const publicUrl = parseUrl('PUBLIC_URL', read(env, 'PUBLIC_URL') ?? `http://${urlHost}:${port}`, { originOnly: true })
  const dataDir = resolve(read(env, 'DATA_DIR') ?? './data')
  const staticDir = resolve(read(env, 'STATIC_DIR') ?? './dist')

  const databaseUrl = read(env, 'DATABASE_URL')
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://')
  }

  const externalIssuer = read(env, 'OIDC_ISSUER')
  const jwksRaw = read(env, 'OIDC_JWKS_URI')
  if (jwksRaw && !externalIssuer) throw new ConfigError('OIDC_JWKS_URI needs OIDC_ISSUER (the dev provider uses its own keys)')
  const fiscalCodeClaim = read(env, 'OIDC_FISCAL_CODE_CLAIM') ?? 'fiscalNumber'
  if (!/^[\w:.-]+$/.test(fiscalCodeClaim)) throw new ConfigError(`OIDC_FISCAL_CODE_CLAIM is not a valid claim name (got "${fiscalCodeClaim}")`)
  const clientId = read(env, 'OIDC_CLIENT_ID') ?? DEV_CLIENT_ID
  const oidc: OidcConfig = {
    issuer: externalIssuer ? parseUrl('OIDC_ISSUER', externalIssuer, { originOnly: false }) : `${publicUrl}/oidc`,
    clientId,
    jwksUri: jwksRaw ? parseUrl('OIDC_JWKS_URI', jwksRaw, { originOnly: false }) : undefined,
    fiscalCodeClaim,
    external: externalIssuer !== undefined,
  }

  const logLevel = (read(env, 'LOG_LEVEL') ?? 'info').toLowerCase()
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`)
  }

  const secretEnv = read(env, 'CITIZEN_HASH_SECRET')
  if (secretEnv !== undefined && secretEnv.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(`CITIZEN_HASH_SECRET must be at least ${MIN_SECRET_LENGTH} characters`)
  }
  const cookieEnv = read(env, 'COOKIE_KEYS')?.split(',').map((k) => k.trim()).filter(Boolean)
  if (cookieEnv !== undefined && (cookieEnv.length === 0 || cookieEnv.some((k) => k.length < MIN_SECRET_LENGTH))) {
    throw new ConfigError(`COOKIE_KEYS must be a comma-separated list of keys of at least ${MIN_SECRET_LENGTH} characters each`)
  }
  const stored = secretEnv && cookieEnv
    ? undefined
    : persistedSecrets(dataDir, { citizenHashSecret: !secretEnv, cookieKeys: !cookieEnv })

  return {
    port,
    host,
    publicUrl,
    dataDir,
    databaseUrl,
    staticDir,
    oidc,
    citizenHashSecret: secretEnv ?? stored?.citizenHashSecret ?? '',
    cookieKeys: cookieEnv ?? stored?.cookieKeys ?? [],
    trustProxy: parseBoolean('TRUST_PROXY', read(env, 'TRUST_PROXY')),
    logLevel: logLevel as LogLevel,
    idempotencyStaleMs: parseStaleMs(read(env, 'IDEMPOTENCY_STALE_MS')),
  }
}

/** `http://127.0.0.1:8080` ⇄ `http://localhost:8080`: the origin and its loopback twin (once each). */
export function loopbackTwins(origin: string): string[] {
  const url = new URL(origin)
  const twin = url.hostname === '127.0.0.1' ? 'localhost' : url.hostname === 'localhost' ? '127.0.0.1' : undefined
  if (!twin) return [url.origin]
  const other = new URL(url.origin)
  other.hostname = twin
  return [url.origin, other.origin]
}
