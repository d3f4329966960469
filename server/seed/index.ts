/**
 * Seeds an EMPTY database with the demo world (issue #2 point 3): permission matrix, bodies,
 * programmes, projects, sites, demo users with their links, age bands, default questionnaires and the
 * minors configuration. Idempotent and safe across processes: one transaction holding an advisory
 * lock, which does nothing when the roles table already has rows.
 */
import { count, sql } from 'drizzle-orm'
import { openDatabase, type DatabaseHandle, type OpenDatabaseOptions } from '../db/index'
import type { Database } from '../db/types'
import { ruolo } from '../db/schema'
import { insertPermissions } from './insert-permissions'
import { insertWorld } from './insert-world'
import { insertUsers } from './insert-users'
import { insertQuestionnaires } from './insert-questionnaires'

/** Advisory-lock key held while seeding. */
const SEED_LOCK_KEY = 727_002

/** Seeds the database if empty. Resolves true when it seeded, false when data was already there. */
export async function seedDatabase(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
    const [existing] = await tx.select({ n: count() }).from(ruolo)
    if ((existing?.n ?? 0) > 0) return false
    await insertPermissions(tx)
    const ids = await insertWorld(tx)
    const users = await insertUsers(tx, ids)
    await insertQuestionnaires(tx, ids, users.get('FRRGLI78C54H501Q') ?? null)
    return true
  })
}

/**
 * The start-up's database step (server/main.ts; scripts, benches and the tests' template): opens and migrates the
 * database (server/db/index.ts), then seeds it when empty; the handle is closed when seeding fails.
 */
export async function openSeededDatabase(opts: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const handle = await openDatabase(opts)
  try {
    await seedDatabase(handle.db)
  } catch (err) {
    await handle.close()
    throw err
  }
  return handle
}
