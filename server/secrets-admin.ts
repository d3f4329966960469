/**
 * The operator's secrets commands (`npm run secrets -- …`, `npm run rekey`; scripts/secrets.ts), issue 25 point 4:
 * - `generate FILE`: a new secrets file (citizens' key, cookie key, the development provider's signing key);
 * - `export FILE`: the secrets an existing installation keeps in its data, copied into FILE, so it can move them
 *   out of the data without losing its citizens' hashes (the server then deletes the copies in the data at its
 *   next start with `SECRETS_FILE=FILE`);
 * - `rekey`: the citizens' hashes re-keyed with a new key added to the chain (server/db/citizen-hash.ts).
 * A secrets file is written with mode 600 (its folder created with mode 700), never over an existing file
 * except by `rekey`, which replaces it atomically.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { eq } from 'drizzle-orm'
import type { JWK } from 'jose'
import type { AppConfig } from './config'
import { citizenBaseKey } from './db/citizen-hash'
import { rekeyCitizenHashes } from './db/citizen-rekey'
import { segretoServer } from './db/schema'
import type { Database } from './db/types'
import { generateSigningJwk } from './oidc/keys'
import { isInsideDir, readSecretsFile, SecretsError, type SecretsFileContent } from './secret-sources'
import { SHARED_SECRET } from './shared-secrets'

/** A fresh random secret (48 bytes, base64url): what the server generates. */
export const freshSecret = (): string => randomBytes(48).toString('base64url')

/** A complete new set of secrets. */
export async function newSecrets(): Promise<SecretsFileContent> {
  return { citizenHashSecret: freshSecret(), cookieKeys: [freshSecret()], oidcJwks: { keys: [await generateSigningJwk()] } }
}

/**
 * Writes `content` to `path` (mode 600; missing folders created with mode 700), atomically.
 * @throws SecretsError when `path` lies inside `dataDir`, or exists and `replace` is not set
 */
export function writeSecretsFile(path: string, content: SecretsFileContent, opts: { dataDir: string; replace?: boolean }): string {
  const file = resolve(path)
  if (isInsideDir(file, opts.dataDir)) throw new SecretsError(`${file} is inside DATA_DIR ${resolve(opts.dataDir)}: choose a place outside the data`)
  if (!opts.replace && existsSync(file)) throw new SecretsError(`${file} already exists: not overwritten`)
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, JSON.stringify(content, null, 2) + '\n', { mode: 0o600 })
  renameSync(temporary, file)
  return file
}

const readJson = (file: string): unknown => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined)

/**
 * The secrets an installation uses today, as the server would find them: the environment first, then (PostgreSQL,
 * `db` given) the table `segreto_server`, then `DATA_DIR/secrets.json` and `DATA_DIR/oidc-jwks.json`.
 */
export async function currentSecrets(env: Record<string, string | undefined>, dataDir: string, db?: Database): Promise<SecretsFileContent> {
  const stored = (readJson(join(dataDir, 'secrets.json')) ?? {}) as SecretsFileContent
  const jwksFile = readJson(join(dataDir, 'oidc-jwks.json')) as { keys: JWK[] } | undefined
  const row = async (nome: string) => db ? (await db.select({ valore: segretoServer.valore }).from(segretoServer).where(eq(segretoServer.nome, nome)))[0]?.valore : undefined
  const out: SecretsFileContent = {}
  const secret = env.CITIZEN_HASH_SECRET?.trim() || (await row(SHARED_SECRET.citizenHashSecret)) as string | undefined || stored.citizenHashSecret
  if (secret) out.citizenHashSecret = secret
  const rekeys = env.CITIZEN_HASH_SECRET?.trim() ? env.CITIZEN_HASH_REKEYS?.split(',').map((k) => k.trim()).filter(Boolean) : undefined
  if (rekeys?.length) out.citizenHashRekeys = rekeys
  const cookies = env.COOKIE_KEYS?.split(',').map((k) => k.trim()).filter(Boolean)
  const cookieKeys = cookies?.length ? cookies : (await row(SHARED_SECRET.cookieKeys)) as string[] | undefined ?? stored.cookieKeys
  if (cookieKeys?.length) out.cookieKeys = cookieKeys
  const jwks = (await row(SHARED_SECRET.oidcJwks)) as { keys: JWK[] } | undefined ?? jwksFile
  if (jwks?.keys?.length) out.oidcJwks = jwks
  return out
}

/**
 * Checks that the citizens' key comes from outside the data, where a re-keying can record its new key.
 * @throws SecretsError otherwise (move it out first: `export`)
 */
export function assertRekeyable(config: AppConfig): void {
  if (config.secrets.citizenHashSecret === 'data') {
    throw new SecretsError('the citizens\' key is kept in the data: move it out first (npm run secrets -- export FILE, then start with SECRETS_FILE=FILE), then re-key')
  }
}

/**
 * Re-keys the citizens' hashes with `newKey` (default: a fresh one) and records it where the citizens' key comes
 * from: appended to `citizenHashRekeys` of `SECRETS_FILE` (the file is replaced once the database has committed;
 * until then the new list waits in `FILE.next`), or — key from the environment — returned for the operator to
 * append to `CITIZEN_HASH_REKEYS`.
 * @throws SecretsError when the citizens' key lives in the data (move it out first: `export`)
 */
export async function rekey(config: AppConfig, db: Database, opts: { secretsFile?: string; newKey?: string }): Promise<{ rekeyed: number; newKey: string; file?: string }> {
  assertRekeyable(config)
  const origin = config.secrets.citizenHashSecret
  const newKey = opts.newKey ?? freshSecret()
  if (newKey.length < 32 || newKey.includes('\0')) throw new SecretsError('the new key must be at least 32 characters')
  if (config.citizenHashSecret.split('\0').includes(newKey) || citizenBaseKey(config.citizenHashSecret) === newKey) throw new SecretsError('the new key is already in the chain')
  let next: string | undefined
  let file: string | undefined
  if (origin === 'file') {
    if (!opts.secretsFile) throw new SecretsError('SECRETS_FILE is not set')
    file = resolve(opts.secretsFile)
    const content = readSecretsFile(file, config.dataDir)
    const updated = { ...content, citizenHashRekeys: [...(content.citizenHashRekeys ?? []), newKey] }
    next = `${file}.next`
    writeFileSync(next, JSON.stringify(updated, null, 2) + '\n', { mode: 0o600 })
  }
  const rekeyed = await rekeyCitizenHashes(db, newKey)
  if (next && file) renameSync(next, file)
  return { rekeyed, newKey, file }
}
