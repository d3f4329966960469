/**
 * Secrets every server process must share (issue 14 point 1 "stateless processes"). On PostgreSQL several
 * processes, on several machines with their own `DATA_DIR`, serve the same users: a generated
 * `CITIZEN_HASH_SECRET` per machine would give one citizen two hashes, `COOKIE_KEYS` per machine would drop
 * the dev provider's sessions, its signing keys per machine would refuse tokens of the other process.
 *
 * So on PostgreSQL the generated values live in the table `segreto_server` (name → JSON value):
 * - read back if present; otherwise the candidate (an existing `DATA_DIR/secrets.json` or `oidc-jwks.json`
 *   is adopted, so an installation that started on files keeps its hashes; else a fresh random value) is
 *   inserted if still absent and the row read back: concurrent first starts all end with the first writer's value;
 * - secrets that come from outside the data (the environment or `SECRETS_FILE`, server/secret-sources.ts) win and
 *   are never written to the table; a copy of the same value found there is deleted (issue 25 point 4), and so
 *   are the development provider's keys on a server that is not local or that takes them from `SECRETS_FILE`.
 * PGlite (one process) keeps the files (server/config.ts, server/oidc/keys.ts).
 */
import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { AppConfig } from './config'
import { citizenBaseKey } from './db/citizen-hash'
import type { Database } from './db/types'
import { segretoServer } from './db/schema'

/** Names of the rows of `segreto_server`. */
export const SHARED_SECRET = { citizenHashSecret: 'citizen_hash_secret', cookieKeys: 'cookie_keys', oidcJwks: 'oidc_jwks' } as const

/**
 * The value stored under `nome`; when absent, `candidate()` is inserted unless another process got there
 * first, and the stored value is returned either way. `adopted` is true when this call's candidate won.
 */
export async function sharedSecret<T>(db: Database, nome: string, candidate: () => T | Promise<T>): Promise<{ value: T; adopted: boolean }> {
  const read = async () => (await db.select({ valore: segretoServer.valore }).from(segretoServer).where(eq(segretoServer.nome, nome)))[0]?.valore as T | undefined
  const existing = await read()
  if (existing !== undefined) return { value: existing, adopted: false }
  const value = await candidate()
  const inserted = await db.insert(segretoServer).values({ nome, valore: value }).onConflictDoNothing().returning({ nome: segretoServer.nome })
  if (inserted.length > 0) return { value, adopted: true }
  const winner = await read()
  if (winner === undefined) throw new Error(`segreto_server: ${nome} neither inserted nor found`)
  return { value: winner, adopted: false }
}

const fresh = () => randomBytes(48).toString('base64url')

/** Deletes the row `nome` when it holds `value` (a copy of a secret that now lives outside the data); true when deleted. */
async function dropCopy(db: Database, nome: string, value: unknown): Promise<boolean> {
  const deleted = await db.delete(segretoServer)
    .where(and(eq(segretoServer.nome, nome), sql`${segretoServer.valore} = ${JSON.stringify(value)}::jsonb`))
    .returning({ nome: segretoServer.nome })
  return deleted.length > 0
}

/**
 * `config` with `citizenHashSecret` and `cookieKeys` taken from the database (PostgreSQL, `kind === 'postgres'`)
 * when they come from the data (`config.secrets`: neither the environment nor `SECRETS_FILE`); the values
 * `loadConfig` read from `DATA_DIR/secrets.json` (if any) are the candidates. Copies in the table of secrets that
 * come from outside are deleted, with a notice added to `config.secrets.notices`. Unchanged on PGlite.
 */
export async function resolveSharedSecrets(config: AppConfig, database: { db: Database; kind: string }): Promise<AppConfig> {
  if (database.kind !== 'postgres') return config
  const out = { ...config, secrets: { ...config.secrets, notices: [...config.secrets.notices] } }
  const note = (what: string) => out.secrets.notices.push(`segreto_server: removed its copy of ${what} (it now comes from outside the data)`)
  if (config.secrets.citizenHashSecret === 'data') {
    out.citizenHashSecret = (await sharedSecret(database.db, SHARED_SECRET.citizenHashSecret, () => config.citizenHashSecret || fresh())).value
  } else if (await dropCopy(database.db, SHARED_SECRET.citizenHashSecret, citizenBaseKey(config.citizenHashSecret))) {
    note('CITIZEN_HASH_SECRET')
  } else if ((await database.db.select({ nome: segretoServer.nome }).from(segretoServer).where(eq(segretoServer.nome, SHARED_SECRET.citizenHashSecret))).length > 0) {
    out.secrets.notices.push('segreto_server holds a citizen_hash_secret other than the one in use (which comes from outside the data): '
      + 'it is ignored; delete the row once you are sure no citizen was registered with it')
  }
  if (config.secrets.cookieKeys === 'data') {
    out.cookieKeys = (await sharedSecret(database.db, SHARED_SECRET.cookieKeys, () => (config.cookieKeys.length > 0 ? config.cookieKeys : [fresh()]))).value
  } else if (await dropCopy(database.db, SHARED_SECRET.cookieKeys, config.cookieKeys)) {
    note('COOKIE_KEYS')
  }
  if (config.secrets.notLocal.length > 0 || config.secrets.devSigningJwks) {
    const deleted = await database.db.delete(segretoServer).where(eq(segretoServer.nome, SHARED_SECRET.oidcJwks)).returning({ nome: segretoServer.nome })
    if (deleted.length > 0) note('the development provider\'s signing keys')
  }
  return out
}
