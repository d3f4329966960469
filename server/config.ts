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
 * | `REGISTRO_ACCESSI` | `on` | `off` stops the access register (issue 28 part 1: server/domain/registro): nothing is recorded. Only for measuring its cost (`npm run bench`); a production server keeps it on. |
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
import { resolve } from 'node:path'
import {
  ConfigError, parseBoolean, parseChat, parseMail, parseMetricsToken, parsePort, parsePositiveInteger, parseRequestLimits, parseS3, parseStaleMs, parseUrl,
  read, type ChatConfig, type DevIdentityProviderMode, type Env, type MailConfig, type S3Config,
} from './config-values'
import { resolveSecretSources, type SecretSources } from './config-secrets'
import type { RequestLimits } from './request-limits'
import { isLoopbackHost, notLocalReasons } from './secret-sources'

export { ConfigError, type ChatConfig, type DevIdentityProviderMode, type MailConfig, type S3Config } from './config-values'
export type { SecretSources } from './config-secrets'

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
  mail: MailConfig
  /** S3-compatible file storage; undefined = local disk (server/storage/s3.ts) */
  s3?: S3Config
  /** embedded Rocket.Chat (`CHAT_*`); undefined = no chat */
  chat?: ChatConfig
  /** bearer token of `/metrics` (`METRICS_TOKEN`, ≥ 32 chars); undefined = metrics off (404) */
  metricsToken?: string
  /** concurrency pools and connection timeouts (server/request-limits.ts) */
  limits: RequestLimits
  /** the access register is written (`REGISTRO_ACCESSI`, default on; issue 28 part 1) */
  registroAccessi: boolean
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
    registroAccessi: parseRegistroAccessi(read(env, 'REGISTRO_ACCESSI')),
  }
}

/** `REGISTRO_ACCESSI`: `on` (default) or `off` (issue 28 part 1; only for measuring the register's cost). */
function parseRegistroAccessi(raw: string | undefined): boolean {
  const value = (raw ?? 'on').trim().toLowerCase()
  if (/^(on|true|1|yes)$/.test(value)) return true
  if (/^(off|false|0|no)$/.test(value)) return false
  throw new ConfigError(`REGISTRO_ACCESSI must be on or off (got "${raw}")`)
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
