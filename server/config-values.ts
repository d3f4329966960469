/**
 * The parsing of single configuration values (server/config.ts, whose comment holds the table of variables):
 * each parser reads its variable(s) and throws a {@link ConfigError} naming the variable when the value is invalid.
 */
import { DEFAULT_REQUEST_LIMITS, type RequestLimits } from './request-limits'

/** A configuration value is missing or invalid; the message names the variable. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ConfigError'
  }
}

/**
 * Whether the development identity provider runs: `off` (an external issuer), `local` (automatic: the
 * server is reachable from this machine only) or `forced` (`DEV_IDENTITY_PROVIDER=on` on a server
 * other machines may reach: a warning at every start, a banner on every page).
 */
export type DevIdentityProviderMode = 'off' | 'local' | 'forced'

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

/** E-mail (server/mail): `smtpUrl` undefined = no e-mail sent. */
export interface MailConfig { smtpUrl?: string; from: string; helpDesk: string }

/** Shortest accepted secret (characters). */
export const MIN_SECRET_LENGTH = 32

/** The environment read (default `process.env`). */
export type Env = Record<string, string | undefined>

/** The variable `name` trimmed; undefined when unset or blank. */
export function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim()
  return value ? value : undefined
}

/** `PORT`: 0–65535, default 8080. */
export function parsePort(raw: string | undefined): number {
  if (raw === undefined) return 8080
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) {
    throw new ConfigError(`PORT must be an integer between 0 and 65535 (got "${raw}")`)
  }
  return Number(raw)
}

/** An absolute http(s) URL without query or fragment: its origin (`originOnly`), else the URL without trailing slashes. */
export function parseUrl(name: string, raw: string, { originOnly }: { originOnly: boolean }): string {
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

/** true/false (1/0, yes/no), default false. */
export function parseBoolean(name: string, raw: string | undefined): boolean {
  if (raw === undefined) return false
  if (/^(1|true|yes)$/i.test(raw)) return true
  if (/^(0|false|no)$/i.test(raw)) return false
  throw new ConfigError(`${name} must be true or false (got "${raw}")`)
}

/** A positive safe integer, `fallback` when unset. */
export function parsePositiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
    throw new ConfigError(`${name} must be a positive integer (got "${raw}")`)
  }
  return Number(raw)
}

/** `IDEMPOTENCY_STALE_MS`: 1000–86400000, default 120000. */
export function parseStaleMs(raw: string | undefined): number {
  if (raw === undefined) return 120_000
  if (!/^\d+$/.test(raw) || Number(raw) < 1000 || Number(raw) > 86_400_000) {
    throw new ConfigError(`IDEMPOTENCY_STALE_MS must be an integer between 1000 and 86400000 milliseconds (got "${raw}")`)
  }
  return Number(raw)
}

/** The pools and timeouts of the module table (`MAX_ACTIVE_*`, `*_TIMEOUT_MS`, `API_SATURATED_AFTER_MS`). */
export function parseRequestLimits(env: Env): RequestLimits {
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
export function parseMetricsToken(raw: string | undefined): string | undefined {
  if (raw !== undefined && raw.length < MIN_SECRET_LENGTH) throw new ConfigError(`METRICS_TOKEN must be at least ${MIN_SECRET_LENGTH} characters`)
  return raw
}

/** The `S3_*` variables (module table); undefined without `S3_BUCKET`. */
export function parseS3(env: Env): S3Config | undefined {
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
export function parseChat(env: Env): ChatConfig | undefined {
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

/** The e-mail variables (module table): `SMTP_URL` undefined = no e-mail sent. */
export function parseMail(env: Env): MailConfig {
  const smtpUrl = read(env, 'SMTP_URL')
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/\s]+/.test(smtpUrl)) throw new ConfigError('SMTP_URL must be smtp://host[:port] or smtps://host[:port] (with optional user:pass@)')
  const from = read(env, 'MAIL_FROM') ?? 'Punto Digitale <noreply@localhost>'
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from
  if (!EMAIL_RE.test(address)) throw new ConfigError(`MAIL_FROM must be an e-mail address, optionally as "Name <address>" (got "${from}")`)
  const helpDesk = read(env, 'HELP_DESK_EMAIL') ?? 'assistenza@localhost'
  if (!EMAIL_RE.test(helpDesk)) throw new ConfigError(`HELP_DESK_EMAIL must be an e-mail address (got "${helpDesk}")`)
  return { smtpUrl, from, helpDesk }
}
