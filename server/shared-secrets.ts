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
 * - environment variables still win (`CITIZEN_HASH_SECRET`, `COOKIE_KEYS`: never written to the table).
 * PGlite (one process) keeps the files (server/config.ts, server/oidc/keys.ts).
 */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { AppConfig } from './config'
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

/**
 * `config` with `citizenHashSecret` and `cookieKeys` taken from the database (PostgreSQL, `kind === 'postgres'`)
 * unless `env` sets them; the values `loadConfig` read from `DATA_DIR/secrets.json` (if any) are the
 * candidates. Unchanged on PGlite.
 */
export async function resolveSharedSecrets(config: AppConfig, database: { db: Database; kind: string }, env: Record<string, string | undefined> = process.env): Promise<AppConfig> {
  if (database.kind !== 'postgres') return config
  const out = { ...config }
  if (!env.CITIZEN_HASH_SECRET?.trim()) {
    out.citizenHashSecret = (await sharedSecret(database.db, SHARED_SECRET.citizenHashSecret, () => config.citizenHashSecret || fresh())).value
  }
  if (!env.COOKIE_KEYS?.trim()) {
    out.cookieKeys = (await sharedSecret(database.db, SHARED_SECRET.cookieKeys, () => (config.cookieKeys.length > 0 ? config.cookieKeys : [fresh()]))).value
  }
  return out
}
