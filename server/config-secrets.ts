/**
 * Where the server's secrets come from (server/config.ts `loadConfig`; server/secret-sources.ts): the environment
 * first, then `SECRETS_FILE`, then — on a local server only — generated into the data (`DATA_DIR/secrets.json`).
 */
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { JWK } from 'jose'
import { ensurePrivateDir } from './data-dir'
import { citizenKeyChain } from './db/citizen-hash'
import { ConfigError, MIN_SECRET_LENGTH, read, type DevIdentityProviderMode, type Env } from './config-values'
import { notLocalSecretsMessage, readSecretsFile, SecretsError, type SecretOrigin, type SecretsFileContent } from './secret-sources'

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
export function resolveSecretSources(env: Env, ctx: { dataDir: string; databaseUrl?: string; notLocal: string[]; devIdentityProvider: DevIdentityProviderMode }): { citizenHashSecret: string; cookieKeys: string[]; sources: SecretSources } {
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
