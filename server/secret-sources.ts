/**
 * Where the server's secrets come from (issue 25 point 4 "the keys live apart from the data").
 *
 * The secrets: `CITIZEN_HASH_SECRET` (the HMAC key of citizens' fiscal-code and document hashes, with the
 * keys added by re-keying, `CITIZEN_HASH_REKEYS`), `COOKIE_KEYS` (the development provider's cookies) and the
 * development provider's private signing keys. A copy of the data (a dump, a stolen disk) that also holds
 * the citizens' key lets anyone recover fiscal codes by enumeration, and one holding the signing keys mints
 * tokens for anyone while the development provider runs.
 *
 * - A **local** server (reachable from this machine only, {@link notLocalReasons} empty) may keep generating
 *   them into the data, as before: `DATA_DIR/secrets.json` (PGlite) or the table `segreto_server` (PostgreSQL).
 * - A server that is **not local** refuses to start unless they come from the environment or from
 *   `SECRETS_FILE`, a JSON file outside `DATA_DIR` ({@link readSecretsFile}).
 * Secrets that come from outside are never written into the data (server/config.ts, server/shared-secrets.ts).
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs'
import { dirname, isAbsolute, relative, resolve } from 'node:path'
import type { JWK } from 'jose'

/** Where one secret came from: the environment, `SECRETS_FILE`, or the data (generated, local servers only). */
export type SecretOrigin = 'env' | 'file' | 'data'

/** The content of `SECRETS_FILE` (every member optional; the environment wins member by member). */
export interface SecretsFileContent {
  citizenHashSecret?: string
  /** keys added by `npm run rekey`, oldest first (server/db/citizen-hash.ts) */
  citizenHashRekeys?: string[]
  cookieKeys?: string[]
  /** the development provider's private signing keys (only with `DEV_IDENTITY_PROVIDER=on` on a server that is not local) */
  oidcJwks?: { keys: JWK[] }
}

/** What decides whether the server is local. */
export interface ExposureContext {
  host: string
  publicUrl: string
  trustProxy: boolean
  nodeEnv?: string
  databaseUrl?: string
}

/** True for a loopback host name or address: `localhost`, `127.x.x.x`, `::1` (bracketed or not). */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1')
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h)
}

/**
 * Why the server is **not local**, one phrase per reason; empty = local. Not local when any of: `HOST` is not
 * a loopback address (other machines can connect), `PUBLIC_URL` is not on loopback (browsers elsewhere use
 * it), `TRUST_PROXY=true` (behind a reverse proxy), `NODE_ENV=production`, or `DATABASE_URL` names a host that is
 * not loopback (a shared database server; a Unix socket counts as local).
 */
export function notLocalReasons(ctx: ExposureContext): string[] {
  const reasons: string[] = []
  if (!isLoopbackHost(new URL(ctx.publicUrl).hostname)) reasons.push(`PUBLIC_URL ${ctx.publicUrl} is not a loopback address`)
  if (!isLoopbackHost(ctx.host)) reasons.push(`HOST ${ctx.host} accepts connections from other machines`)
  if (ctx.trustProxy) reasons.push('TRUST_PROXY=true (behind a reverse proxy)')
  if (ctx.nodeEnv?.trim().toLowerCase() === 'production') reasons.push('NODE_ENV=production')
  const dbHost = databaseHost(ctx.databaseUrl)
  if (dbHost && !isLoopbackHost(dbHost)) reasons.push(`DATABASE_URL points at the host ${dbHost}`)
  return reasons
}

/** The host of a `postgres://` URL; undefined without a URL or for a Unix socket (empty host). */
function databaseHost(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    const parsed = new URL(url)
    const socket = parsed.searchParams.get('host')
    if (socket?.startsWith('/')) return undefined
    return parsed.hostname || socket || undefined
  } catch {
    return undefined
  }
}

/** `path` resolved through symbolic links as far as it exists (a missing tail is appended as written). */
function realPath(path: string): string {
  const absolute = resolve(path)
  if (existsSync(absolute)) return realpathSync(absolute)
  const parent = dirname(absolute)
  return parent === absolute ? absolute : resolve(realPath(parent), relative(parent, absolute))
}

/** Whether `path` is `dir` or lies inside it (symbolic links resolved). */
export function isInsideDir(path: string, dir: string): boolean {
  const rel = relative(realPath(dir), realPath(path))
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))
}

/** A secrets problem the operator must fix; `message` says which and how. */
export class SecretsError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SecretsError'
  }
}

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((k) => typeof k === 'string')

/**
 * Reads `SECRETS_FILE` (`path`, absolute or relative to the working folder).
 * @throws SecretsError when it lies inside `dataDir` (it would travel with the data: dumps, copies of the
 *   folder), is missing, is not JSON or has members of the wrong type
 */
export function readSecretsFile(path: string, dataDir: string): SecretsFileContent {
  const file = resolve(path)
  if (isInsideDir(file, dataDir)) {
    throw new SecretsError(`SECRETS_FILE ${file} is inside DATA_DIR ${resolve(dataDir)}: keep the secrets apart from the data `
      + '(e.g. /etc/punto-digitale/secrets.json, readable by the server\'s user only)')
  }
  if (!existsSync(file)) throw new SecretsError(`SECRETS_FILE ${file} does not exist (write one with: npm run secrets -- generate ${file})`)
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'))
  } catch (err) {
    throw new SecretsError(`SECRETS_FILE ${file} is not readable JSON: ${(err as Error).message}`)
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new SecretsError(`SECRETS_FILE ${file} must hold a JSON object`)
  const c = parsed as Record<string, unknown>
  if (c.citizenHashSecret !== undefined && typeof c.citizenHashSecret !== 'string') throw new SecretsError(`SECRETS_FILE ${file}: citizenHashSecret must be a string`)
  if (c.citizenHashRekeys !== undefined && !isStringList(c.citizenHashRekeys)) throw new SecretsError(`SECRETS_FILE ${file}: citizenHashRekeys must be a list of strings`)
  if (c.cookieKeys !== undefined && !isStringList(c.cookieKeys)) throw new SecretsError(`SECRETS_FILE ${file}: cookieKeys must be a list of strings`)
  if (c.oidcJwks !== undefined && !Array.isArray((c.oidcJwks as { keys?: unknown } | null)?.keys)) throw new SecretsError(`SECRETS_FILE ${file}: oidcJwks must be {"keys": [...]}`)
  return c as SecretsFileContent
}

/**
 * The refusal of a server that is not local whose secrets would live in the data: names the reasons it is
 * not local and the secrets missing, and says where to put them.
 */
export function notLocalSecretsMessage(reasons: string[], missing: string[]): string {
  return `${missing.join(', ')} must come from the environment or from SECRETS_FILE on a server that is not local `
    + `(${reasons.join(', ')}): generated into the data they would travel with every dump and copy of it, letting `
    + 'whoever holds one recover citizens\' fiscal codes and forge logins. Write a secrets file outside DATA_DIR '
    + '(npm run secrets -- generate /etc/punto-digitale/secrets.json; an existing installation: npm run secrets -- export '
    + '/etc/punto-digitale/secrets.json, which keeps its citizens\' hashes valid) and start with SECRETS_FILE pointing at it, '
    + 'or set the variables (README "Dove stanno i segreti").'
}
