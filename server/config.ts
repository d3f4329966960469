/**
 * Server configuration from environment variables (issue #2 point 2 "configuration table").
 *
 * | Variable | Default | Meaning |
 * |---|---|---|
 * | `PORT` | `8080` | TCP port to listen on (0–65535; 0 picks a free port). |
 * | `HOST` | `127.0.0.1` | Interface to bind (`0.0.0.0` to listen on every interface). |
 * | `PUBLIC_URL` | `http://HOST:PORT` (`127.0.0.1` when HOST is `0.0.0.0`/`::`) | Origin the browser uses to reach the server (http/https, no path). The dev identity provider's issuer is `PUBLIC_URL/oidc`; its client accepts redirects to this origin and to its `localhost`/`127.0.0.1` twin. |
 * | `DATA_DIR` | `./data` | Folder for the embedded PGlite database (`DATA_DIR/pglite`) and, on a local server only, the dev provider's signing keys (`oidc-jwks.json`) and generated secrets (`secrets.json`); created with mode 700, its files 600. |
 * | `DATABASE_URL` | — (embedded PGlite) | `postgres://…` connection string: use PostgreSQL instead of PGlite (migrated and seeded the same way). |
 * | `STATIC_DIR` | `./dist` | Folder of the built application (`npm run build`) served at `/`. |
 * | `OIDC_ISSUER` | — (dev provider at `PUBLIC_URL/oidc`) | Issuer URL of an external OpenID Connect provider. When set, the development provider is off. Required unless the server is local (see `DEV_IDENTITY_PROVIDER`). |
 * | `DEV_IDENTITY_PROVIDER` | `auto` | `auto`: the development provider runs only when the server is local (server/secret-sources.ts notLocalReasons: `PUBLIC_URL` and `HOST` on loopback, `TRUST_PROXY` off, `NODE_ENV` not `production`, `DATABASE_URL` on loopback) and no `OIDC_ISSUER` is set; a server that is not local refuses to start without `OIDC_ISSUER`. `on`: runs it anyway (a test environment reachable from other machines), with a warning at every start and a banner on every page. `off`: never (needs `OIDC_ISSUER`). |
 * | `OIDC_MAX_TOKEN_LIFETIME` | `86400` (24 h) | Longest ID token lifetime accepted, in seconds (`exp - iat`); a token without `iat`, or living longer, is refused. |
 * | `OIDC_CLIENT_ID` | `punto-digitale` | Client id of the application at the provider; the ID token's audience must equal it. |
 * | `OIDC_JWKS_URI` | — (discovered from the issuer) | JWKS URL of the external provider, to verify ID token signatures. |
 * | `OIDC_FISCAL_CODE_CLAIM` | `fiscalNumber` | ID token claim holding the fiscal code (`TINIT-<CF>` or the bare CF). |
 * | `CITIZEN_HASH_SECRET` | `SECRETS_FILE`; local server only: generated once into `DATA_DIR/secrets.json` (PostgreSQL: into the table `segreto_server`, shared by every process) | Secret (≥ 32 chars) of the keyed hash (HMAC) that identifies citizens by fiscal code. Keep it stable: changing it orphans stored hashes (rotate with `npm run rekey`). Required from outside the data on a server that is not local. |
 * | `CITIZEN_HASH_REKEYS` | — | Comma-separated keys added by `npm run rekey`, oldest first (only with `CITIZEN_HASH_SECRET`; server/db/citizen-hash.ts). |
 * | `COOKIE_KEYS` | `SECRETS_FILE`; local server only: generated once into `DATA_DIR/secrets.json` (PostgreSQL: `segreto_server`) | Comma-separated keys (each ≥ 32 chars) signing the dev provider's cookies; the first signs, all verify. Required from outside the data on a server that is not local. |
 * | `SECRETS_FILE` | — | JSON file outside `DATA_DIR` with `citizenHashSecret`, `citizenHashRekeys`, `cookieKeys`, `oidcJwks` (the variables win member by member; server/secret-sources.ts). |
 * | `TRUST_PROXY` | `false` | `true` behind a TLS-terminating reverse proxy (honours `X-Forwarded-*`). |
 * | `LOG_LEVEL` | `info` | `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`. |
 * | `IDEMPOTENCY_STALE_MS` | `120000` | Age (ms, 1000–86400000) after which a pending idempotency claim is deemed abandoned (crashed process) and taken over. |
 * | `SMTP_URL` | — (no e-mail sent) | SMTP server the e-mails go through, `smtp://user:pass@host:587` or `smtps://…:465` (nodemailer URL). Unset: tickets are stored, no e-mail is sent. |
 * | `MAIL_FROM` | `Punto Digitale <noreply@localhost>` | Sender of every e-mail. |
 * | `HELP_DESK_EMAIL` | `assistenza@localhost` | Address that receives the assistance requests (tickets) by e-mail. |
 * | `S3_BUCKET` | — (files on local disk under `DATA_DIR/files`) | Bucket of an S3-compatible object store for the files (covers, attachments, uploads, open data): when set, the S3 driver is used (server/storage/s3.ts). |
 * | `S3_ENDPOINT` | — (AWS) | Endpoint URL of an S3-compatible store (MinIO, Ceph, a provider's), http or https. |
 * | `S3_REGION` | `us-east-1` | Region of the bucket. |
 * | `S3_ACCESS_KEY_ID` / `S3_SECRET_ACCESS_KEY` | — (the SDK's default credential chain) | Access key pair; set both or neither. |
 * | `S3_FORCE_PATH_STYLE` | `false` | `true` for stores that need path-style URLs (`endpoint/bucket/key`, e.g. MinIO). |
 * | `CHAT_URL` | — (no chat) | Origin of the Rocket.Chat server embedded by the chat modal (spec 001 §2 "Chat"). Unset: no chat button, and `POST /api/rocket-chat/auth/iframe/utente/{id}` answers 404. |
 * | `CHAT_ADMIN_USER` / `CHAT_ADMIN_TOKEN` | — | User id and personal access token of a Rocket.Chat administrator, used to create each user's login token (`users.createToken`). Required with `CHAT_URL`. |
 * | `METRICS_TOKEN` | — (`/metrics` answers 404) | Secret (≥ 32 chars) a Prometheus scraper sends as `Authorization: Bearer <token>` to read `/metrics` (server/metrics); unset, the metrics are off. |
 * | `MAX_ACTIVE_API_REQUESTS` | `12` | `/api` requests one process runs at once; more wait their turn (server/concurrency.ts). |
 * | `MAX_ACTIVE_UPLOADS` | `2` | File uploads one process runs at once, in a pool of their own (server/concurrency.ts). |
 * | `API_SATURATED_AFTER_MS` | `2000` | Readiness answers 503 `saturated` once a request has waited this long (ms) for its turn. |
 * | `HEADERS_TIMEOUT_MS` | `20000` | A request's headers must arrive within this time (ms), else 408 and the connection closed. |
 * | `BODY_IDLE_TIMEOUT_MS` | `30000` | A request body from which no byte arrives for this long (ms) is abandoned and its connection closed. |
 * | `REQUEST_TIMEOUT_MS` | `900000` | The whole request, headers and body, must arrive within this time (ms; 15 minutes: 16 MiB at 200 kbit/s take ~11). |
 * | `SOCKET_IDLE_TIMEOUT_MS` | `120000` | A connection moving no byte either way for this long (ms) is closed. |
 * | `KEEP_ALIVE_TIMEOUT_MS` | `72000` | A kept-alive connection without a new request is closed after this long (ms). |
 *
 * Invalid values throw a {@link ConfigError} naming the variable, at startup.
 */
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { JWK } from 'jose'
import { ensurePrivateDir } from './data-dir'
import { citizenKeyChain } from './db/citizen-hash'
import { DEFAULT_REQUEST_LIMITS, type RequestLimits } from './request-limits'
import { isLoopbackHost, notLocalReasons, notLocalSecretsMessage, readSecretsFile, SecretsError, type SecretOrigin, type SecretsFileContent } from './secret-sources'

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
  /** longest accepted ID token lifetime (`exp - iat`), seconds */
  maxTokenLifetime: number
}

/**
 * Whether the development identity provider runs: `off` (an external issuer), `local` (automatic: the
 * server is reachable from this machine only) or `forced` (`DEV_IDENTITY_PROVIDER=on` on a server
 * other machines may reach: a warning at every start, a banner on every page).
 */
export type DevIdentityProviderMode = 'off' | 'local' | 'forced'

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
  devIdentityProvider: DevIdentityProviderMode
  /**
   * key of the citizens' hashes: `CITIZEN_HASH_SECRET` followed by the re-keying keys when any
   * (server/db/citizen-hash.ts citizenKeyChain); empty until server/shared-secrets.ts reads it from PostgreSQL
   */
  citizenHashSecret: string
  cookieKeys: string[]
  /** where the secrets came from (server/secret-sources.ts) */
  secrets: SecretSources
  trustProxy: boolean
  logLevel: LogLevel
  /** a pending idempotency claim older than this (ms) is taken over (server/idempotency.ts) */
  idempotencyStaleMs: number
  /** e-mail (server/mail): `smtpUrl` undefined = no e-mail sent */
  mail: { smtpUrl?: string; from: string; helpDesk: string }
  /** S3-compatible file storage; undefined = local disk (server/storage/s3.ts) */
  s3?: S3Config
  /** embedded Rocket.Chat (`CHAT_*`); undefined = no chat */
  chat?: ChatConfig
  /** bearer token of `/metrics` (`METRICS_TOKEN`, ≥ 32 chars); undefined = metrics off (404) */
  metricsToken?: string
  /** concurrency pools and connection timeouts (server/request-limits.ts) */
  limits: RequestLimits
}

/** Where the secrets came from, and what the server must tell the operator about them. */
export interface SecretSources {
  /** why the server is not local (server/secret-sources.ts notLocalReasons); empty = local */
  notLocal: string[]
  citizenHashSecret: SecretOrigin
  cookieKeys: SecretOrigin
  /** the development provider's private signing keys from `SECRETS_FILE`; undefined = kept in the data (local only) */
  devSigningJwks?: JWK[]
  /** messages for the log: copies of outside secrets removed from the data */
  notices: string[]
}

/** The Rocket.Chat server of the chat modal and its administrator's credentials (`CHAT_*` variables). */
export interface ChatConfig { url: string; adminUser: string; adminToken: string }

/** Configuration of the S3-compatible storage driver (`S3_*` variables). */
export interface S3Config {
  bucket: string
  endpoint?: string
  region: string
  accessKeyId?: string
  secretAccessKey?: string
  forcePathStyle: boolean
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

function parsePositiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
    throw new ConfigError(`${name} must be a positive integer (got "${raw}")`)
  }
  return Number(raw)
}

function parseStaleMs(raw: string | undefined): number {
  if (raw === undefined) return 120_000
  if (!/^\d+$/.test(raw) || Number(raw) < 1000 || Number(raw) > 86_400_000) {
    throw new ConfigError(`IDEMPOTENCY_STALE_MS must be an integer between 1000 and 86400000 milliseconds (got "${raw}")`)
  }
  return Number(raw)
}

export { isLoopbackHost }

/** Default of `OIDC_MAX_TOKEN_LIFETIME`: 24 hours. */
export const DEFAULT_MAX_TOKEN_LIFETIME = 24 * 60 * 60

/**
 * `DEV_IDENTITY_PROVIDER` against the rest of the configuration. The development provider logs anyone
 * in, national administrator included, without a password: it runs by itself only on a server nobody
 * else can reach, and a server others can reach refuses to start without a real issuer unless told
 * explicitly (`on`).
 */
function devIdentityProviderMode(raw: string | undefined, ctx: { externalIssuer: boolean; notLocal: string[] }): DevIdentityProviderMode {
  const value = (raw ?? 'auto').toLowerCase()
  const on = /^(on|true|1|yes)$/.test(value)
  const off = /^(off|false|0|no)$/.test(value)
  if (!on && !off && value !== 'auto') throw new ConfigError(`DEV_IDENTITY_PROVIDER must be auto, on or off (got "${raw}")`)
  if (ctx.externalIssuer) {
    if (on) throw new ConfigError('DEV_IDENTITY_PROVIDER=on and OIDC_ISSUER exclude each other: unset one of them')
    return 'off'
  }
  if (on) return 'forced'
  if (off) throw new ConfigError('DEV_IDENTITY_PROVIDER=off needs OIDC_ISSUER (the identity provider to use instead)')
  const reasons = ctx.notLocal
  if (reasons.length > 0) {
    throw new ConfigError(`OIDC_ISSUER is required: ${reasons.join(', ')}, and without OIDC_ISSUER the server would run `
      + 'the development identity provider, which logs anyone in (national administrator included) without a password. '
      + 'Set OIDC_ISSUER (and OIDC_CLIENT_ID) to your OpenID Connect provider; for a test environment reachable from other '
      + 'machines, set DEV_IDENTITY_PROVIDER=on instead.')
  }
  return 'local'
}

/** The warning printed at every start while the development provider runs on `DEV_IDENTITY_PROVIDER=on`; undefined otherwise. */
export function devIdentityProviderWarning(config: Pick<AppConfig, 'devIdentityProvider' | 'publicUrl'>): string | undefined {
  if (config.devIdentityProvider !== 'forced') return undefined
  return `WARNING: DEV_IDENTITY_PROVIDER=on: the development identity provider at ${config.publicUrl}/oidc logs anyone in `
    + 'without a password, national administrator included. Use this server for tests with demo data only; '
    + 'set OIDC_ISSUER for real use.'
}

const MIN_SECRET_LENGTH = 32

interface StoredSecrets { citizenHashSecret?: string; cookieKeys?: string[] }

/**
 * Reads `DATA_DIR/secrets.json`, adds whichever secret is missing (random, 48 bytes base64url)
 * and writes it back (mode 600), so generated secrets stay the same across restarts.
 */
function persistedSecrets(dataDir: string, need: { citizenHashSecret: boolean; cookieKeys: boolean }, readOnly = false): Required<StoredSecrets> {
  const file = join(dataDir, 'secrets.json')
  let stored: StoredSecrets = {}
  if (existsSync(file)) {
    try {
      stored = JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets
    } catch {
      throw new ConfigError(`${file} is not valid JSON: fix or delete it (a new one is generated)`)
    }
  }
  if (readOnly) return { citizenHashSecret: stored.citizenHashSecret ?? '', cookieKeys: stored.cookieKeys ?? [] }
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
    ensurePrivateDir(dataDir)
    writeFileSync(file, JSON.stringify(stored, null, 2) + '\n', { mode: 0o600 })
    chmodSync(file, 0o600)
  }
  return { citizenHashSecret: stored.citizenHashSecret ?? '', cookieKeys: stored.cookieKeys ?? [] }
}

/**
 * Removes from `DATA_DIR/secrets.json` the secrets that now come from outside when the copy there is the same
 * value (a different value is left: it is not the one in use, and may be someone's only copy; a notice says so);
 * deletes the file once empty. Returns a notice per removal.
 */
function purgeDataCopies(dataDir: string, outside: { citizenHashSecret?: string; cookieKeys?: string[] }): string[] {
  const file = join(dataDir, 'secrets.json')
  if (!existsSync(file)) return []
  let stored: StoredSecrets
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets
  } catch {
    return []
  }
  const notices: string[] = []
  const before = Object.keys(stored).length
  if (outside.citizenHashSecret !== undefined && stored.citizenHashSecret === outside.citizenHashSecret) {
    delete stored.citizenHashSecret
    notices.push(`${file}: removed its copy of CITIZEN_HASH_SECRET (it now comes from outside the data)`)
  }
  if (outside.cookieKeys !== undefined && stored.cookieKeys !== undefined && JSON.stringify(stored.cookieKeys) === JSON.stringify(outside.cookieKeys)) {
    delete stored.cookieKeys
    notices.push(`${file}: removed its copy of COOKIE_KEYS (they now come from outside the data)`)
  }
  if (outside.citizenHashSecret !== undefined && stored.citizenHashSecret !== undefined) {
    notices.push(`${file} holds a CITIZEN_HASH_SECRET other than the one in use (which comes from outside the data): it is ignored; `
      + 'delete it once you are sure no citizen was registered with it')
  }
  if (Object.keys(stored).length === before) return notices
  if (Object.keys(stored).length === 0) rmSync(file)
  else writeFileSync(file, JSON.stringify(stored, null, 2) + '\n', { mode: 0o600 })
  return notices
}

const validSecret = (v: string | undefined): boolean => v !== undefined && v.length >= MIN_SECRET_LENGTH && !v.includes('\0')
const validKeyList = (v: string[] | undefined): boolean => v !== undefined && v.length > 0 && v.every(validSecret)

/**
 * The secrets and where they come from (server/secret-sources.ts): the environment first, then `SECRETS_FILE`,
 * then — on a local server only — generated into the data (`DATA_DIR/secrets.json`; PostgreSQL: the values are
 * completed from `segreto_server` by server/shared-secrets.ts). A server that is not local whose citizens' key,
 * cookie keys or (development provider on) signing keys would come from the data is refused. Checked before
 * anything is written.
 * @throws ConfigError naming the variable or the missing secrets
 */
function resolveSecretSources(env: Env, ctx: { dataDir: string; databaseUrl?: string; notLocal: string[]; devIdentityProvider: DevIdentityProviderMode }): { citizenHashSecret: string; cookieKeys: string[]; sources: SecretSources } {
  const filePath = read(env, 'SECRETS_FILE')
  let file: SecretsFileContent = {}
  if (filePath) {
    try {
      file = readSecretsFile(filePath, ctx.dataDir)
    } catch (err) {
      if (err instanceof SecretsError) throw new ConfigError(err.message)
      throw err
    }
  }
  const secretEnv = read(env, 'CITIZEN_HASH_SECRET')
  if (secretEnv !== undefined && !validSecret(secretEnv)) throw new ConfigError(`CITIZEN_HASH_SECRET must be at least ${MIN_SECRET_LENGTH} characters`)
  if (secretEnv === undefined && file.citizenHashSecret !== undefined && !validSecret(file.citizenHashSecret)) {
    throw new ConfigError(`SECRETS_FILE: citizenHashSecret must be at least ${MIN_SECRET_LENGTH} characters`)
  }
  const cookieEnv = read(env, 'COOKIE_KEYS')?.split(',').map((k) => k.trim()).filter(Boolean)
  if (cookieEnv !== undefined && !validKeyList(cookieEnv)) {
    throw new ConfigError(`COOKIE_KEYS must be a comma-separated list of keys of at least ${MIN_SECRET_LENGTH} characters each`)
  }
  if (cookieEnv === undefined && file.cookieKeys !== undefined && !validKeyList(file.cookieKeys)) {
    throw new ConfigError(`SECRETS_FILE: cookieKeys must be a list of keys of at least ${MIN_SECRET_LENGTH} characters each`)
  }
  const rekeysEnv = read(env, 'CITIZEN_HASH_REKEYS')?.split(',').map((k) => k.trim()).filter(Boolean)
  const base = secretEnv ?? file.citizenHashSecret
  // the re-keying keys belong to the base key they were added on: taken from the same place
  const rekeys = secretEnv !== undefined ? rekeysEnv ?? [] : file.citizenHashSecret !== undefined ? file.citizenHashRekeys ?? [] : undefined
  if (rekeysEnv !== undefined && secretEnv === undefined) throw new ConfigError('CITIZEN_HASH_REKEYS needs CITIZEN_HASH_SECRET (the key they were added on)')
  if (rekeys === undefined && file.citizenHashRekeys?.length) throw new ConfigError('SECRETS_FILE: citizenHashRekeys needs citizenHashSecret (the key they were added on)')
  if (rekeys !== undefined && rekeys.length > 0 && !validKeyList(rekeys)) {
    throw new ConfigError(`CITIZEN_HASH_REKEYS / citizenHashRekeys: every key must be at least ${MIN_SECRET_LENGTH} characters`)
  }
  const cookies = cookieEnv ?? file.cookieKeys
  const sources: SecretSources = {
    notLocal: ctx.notLocal,
    citizenHashSecret: secretEnv !== undefined ? 'env' : base !== undefined ? 'file' : 'data',
    cookieKeys: cookieEnv !== undefined ? 'env' : cookies !== undefined ? 'file' : 'data',
    devSigningJwks: ctx.devIdentityProvider === 'off' ? undefined : file.oidcJwks?.keys,
    notices: [],
  }
  if (ctx.notLocal.length > 0) {
    const missing: string[] = []
    if (sources.citizenHashSecret === 'data') missing.push('CITIZEN_HASH_SECRET')
    if (sources.cookieKeys === 'data') missing.push('COOKIE_KEYS')
    if (ctx.devIdentityProvider !== 'off' && !sources.devSigningJwks) missing.push('the development identity provider\'s signing keys (oidcJwks in SECRETS_FILE)')
    if (missing.length > 0) throw new ConfigError(notLocalSecretsMessage(ctx.notLocal, missing))
  }
  const stored = base !== undefined && cookies !== undefined
    ? undefined
    // PostgreSQL: the processes share the generated secrets through the database (server/shared-secrets.ts,
    // after the database opens); an existing secrets.json is only read, as the candidate to adopt
    : persistedSecrets(ctx.dataDir, { citizenHashSecret: base === undefined, cookieKeys: cookies === undefined }, ctx.databaseUrl !== undefined)
  sources.notices = purgeDataCopies(ctx.dataDir, { citizenHashSecret: base, cookieKeys: cookies })
  if (ctx.notLocal.length > 0) {
    const jwks = join(ctx.dataDir, 'oidc-jwks.json')
    if (existsSync(jwks)) {
      rmSync(jwks)
      sources.notices.push(`${jwks}: removed (a server that is not local takes the development provider's keys from SECRETS_FILE only)`)
    }
  }
  return {
    citizenHashSecret: base !== undefined ? citizenKeyChain(base, rekeys ?? []) : stored?.citizenHashSecret ?? '',
    cookieKeys: cookies ?? stored?.cookieKeys ?? [],
    sources,
  }
}

/**
 * Builds the typed configuration from `env` (default `process.env`).
 * Side effect (local server only): when `CITIZEN_HASH_SECRET` or `COOKIE_KEYS` comes neither from `env` nor from
 * `SECRETS_FILE`, creates `DATA_DIR` and `DATA_DIR/secrets.json` holding a generated value (reused on later
 * starts); copies in `DATA_DIR` of secrets that now come from outside are deleted (resolveSecretSources). With `DATABASE_URL` nothing is
 * written: the values (empty when generated) are completed from the database by `resolveSharedSecrets`
 * (server/shared-secrets.ts) once it is open.
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
    maxTokenLifetime: parsePositiveInteger('OIDC_MAX_TOKEN_LIFETIME', read(env, 'OIDC_MAX_TOKEN_LIFETIME'), DEFAULT_MAX_TOKEN_LIFETIME),
  }
  const trustProxy = parseBoolean('TRUST_PROXY', read(env, 'TRUST_PROXY'))
  // checked before anything is written to DATA_DIR: a refused start leaves no trace
  const notLocal = notLocalReasons({ host, publicUrl, trustProxy, nodeEnv: read(env, 'NODE_ENV'), databaseUrl })
  const devIdentityProvider = devIdentityProviderMode(read(env, 'DEV_IDENTITY_PROVIDER'), { externalIssuer: oidc.external, notLocal })

  const logLevel = (read(env, 'LOG_LEVEL') ?? 'info').toLowerCase()
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`)
  }

  const secrets = resolveSecretSources(env, { dataDir, databaseUrl, notLocal, devIdentityProvider })

  return {
    port,
    host,
    publicUrl,
    dataDir,
    databaseUrl,
    staticDir,
    oidc,
    devIdentityProvider,
    citizenHashSecret: secrets.citizenHashSecret,
    cookieKeys: secrets.cookieKeys,
    secrets: secrets.sources,
    trustProxy,
    logLevel: logLevel as LogLevel,
    idempotencyStaleMs: parseStaleMs(read(env, 'IDEMPOTENCY_STALE_MS')),
    mail: parseMail(env),
    s3: parseS3(env),
    chat: parseChat(env),
    metricsToken: parseMetricsToken(read(env, 'METRICS_TOKEN')),
    limits: parseRequestLimits(env),
  }
}

/** The pools and timeouts of the module table (`MAX_ACTIVE_*`, `*_TIMEOUT_MS`, `API_SATURATED_AFTER_MS`). */
function parseRequestLimits(env: Env): RequestLimits {
  const d = DEFAULT_REQUEST_LIMITS
  const n = (name: string, fallback: number) => parsePositiveInteger(name, read(env, name), fallback)
  const limits: RequestLimits = {
    maxActiveRequests: n('MAX_ACTIVE_API_REQUESTS', d.maxActiveRequests),
    maxActiveUploads: n('MAX_ACTIVE_UPLOADS', d.maxActiveUploads),
    saturatedAfterMs: n('API_SATURATED_AFTER_MS', d.saturatedAfterMs),
    headersTimeoutMs: n('HEADERS_TIMEOUT_MS', d.headersTimeoutMs),
    bodyIdleTimeoutMs: n('BODY_IDLE_TIMEOUT_MS', d.bodyIdleTimeoutMs),
    requestTimeoutMs: n('REQUEST_TIMEOUT_MS', d.requestTimeoutMs),
    socketIdleTimeoutMs: n('SOCKET_IDLE_TIMEOUT_MS', d.socketIdleTimeoutMs),
    keepAliveTimeoutMs: n('KEEP_ALIVE_TIMEOUT_MS', d.keepAliveTimeoutMs),
  }
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) throw new ConfigError('HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS')
  return limits
}

/** `METRICS_TOKEN`: undefined (metrics off) or a secret of at least 32 characters. */
function parseMetricsToken(raw: string | undefined): string | undefined {
  if (raw !== undefined && raw.length < MIN_SECRET_LENGTH) throw new ConfigError(`METRICS_TOKEN must be at least ${MIN_SECRET_LENGTH} characters`)
  return raw
}

/** The `S3_*` variables (module table); undefined without `S3_BUCKET`. */
function parseS3(env: Env): S3Config | undefined {
  const bucket = read(env, 'S3_BUCKET')
  const endpoint = read(env, 'S3_ENDPOINT')
  const accessKeyId = read(env, 'S3_ACCESS_KEY_ID')
  const secretAccessKey = read(env, 'S3_SECRET_ACCESS_KEY')
  if (!bucket) {
    if (endpoint || accessKeyId || secretAccessKey) throw new ConfigError('S3_ENDPOINT and the S3 keys need S3_BUCKET')
    return undefined
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new ConfigError(`S3_BUCKET is not a valid bucket name (got "${bucket}")`)
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together')
  return {
    bucket,
    endpoint: endpoint ? parseUrl('S3_ENDPOINT', endpoint, { originOnly: false }) : undefined,
    region: read(env, 'S3_REGION') ?? 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: parseBoolean('S3_FORCE_PATH_STYLE', read(env, 'S3_FORCE_PATH_STYLE')),
  }
}

/** The `CHAT_*` variables (module table); undefined without `CHAT_URL`. */
function parseChat(env: Env): ChatConfig | undefined {
  const url = read(env, 'CHAT_URL')
  const adminUser = read(env, 'CHAT_ADMIN_USER')
  const adminToken = read(env, 'CHAT_ADMIN_TOKEN')
  if (!url) {
    if (adminUser || adminToken) throw new ConfigError('CHAT_ADMIN_USER and CHAT_ADMIN_TOKEN need CHAT_URL')
    return undefined
  }
  if (!adminUser || !adminToken) throw new ConfigError('CHAT_URL needs CHAT_ADMIN_USER and CHAT_ADMIN_TOKEN')
  return { url: parseUrl('CHAT_URL', url, { originOnly: true }), adminUser, adminToken }
}

const EMAIL_RE = /^[^\s@<>]+@[^\s@<>]+$/

function parseMail(env: Env): AppConfig['mail'] {
  const smtpUrl = read(env, 'SMTP_URL')
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/\s]+/.test(smtpUrl)) throw new ConfigError('SMTP_URL must be smtp://host[:port] or smtps://host[:port] (with optional user:pass@)')
  const from = read(env, 'MAIL_FROM') ?? 'Punto Digitale <noreply@localhost>'
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from
  if (!EMAIL_RE.test(address)) throw new ConfigError(`MAIL_FROM must be an e-mail address, optionally as "Name <address>" (got "${from}")`)
  const helpDesk = read(env, 'HELP_DESK_EMAIL') ?? 'assistenza@localhost'
  if (!EMAIL_RE.test(helpDesk)) throw new ConfigError(`HELP_DESK_EMAIL must be an e-mail address (got "${helpDesk}")`)
  return { smtpUrl, from, helpDesk }
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
