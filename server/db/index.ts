/**
 * Opens the database (issue #2 point 3; toolchain §5 "one schema, two drivers"):
 * PGlite in `${dataDir}/pglite` (or in memory for `'memory://'`), or PostgreSQL through a node-postgres
 * pool when `databaseUrl` is set. Applies the migrations of `drizzle/` and seeds an empty database.
 * Both steps hold a PostgreSQL advisory lock, so two processes (e.g. two test files sharing one
 * PostgreSQL database) never migrate or seed at the same time.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { projectPath } from '../paths'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from './schema'
import type { Database } from './types'
import { seedDatabase } from '../seed'

export type { Database, Executor, Transaction } from './types'

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
}

export interface OpenDatabaseOptions {
  /** data folder (PGlite files go in `${dataDir}/pglite`), or `'memory://'` for an in-memory PGlite */
  dataDir: string
  /** `postgres://…`: use PostgreSQL instead of PGlite */
  databaseUrl?: string
  /** seed an empty database (default true) */
  seed?: boolean
}

export const MIGRATIONS_FOLDER = projectPath('drizzle')
/** Advisory-lock key held while migrating (any constant shared by every process of this app). */
const MIGRATION_LOCK_KEY = 727_001

/** Opens, migrates and (by default) seeds the database. Rejects when the database cannot be reached. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const handle = opts.databaseUrl ? await openPostgres(opts.databaseUrl) : await openPglite(opts.dataDir)
  try {
    if (opts.seed !== false) await seedDatabase(handle.db)
  } catch (err) {
    await handle.close()
    throw err
  }
  return handle
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  let location = 'memory://'
  if (dataDir !== 'memory://') {
    location = path.resolve(dataDir, 'pglite')
    mkdirSync(location, { recursive: true })
  }
  const client = new PGlite(location)
  const db = drizzlePglite({ client, schema })
  try {
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER })
  } catch (err) {
    await client.close()
    throw err
  }
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() }
}

async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 10 })
  // An idle client that loses its connection (server restart, administrator termination) is dropped by
  // the pool, which then emits 'error': without a listener Node would crash the whole server. The next
  // query opens a new connection; a query in flight still fails with its own error.
  let closing = false
  pool.on('error', (err) => {
    if (!closing) process.emitWarning(`PostgreSQL: idle connection dropped (${err.message})`, { code: 'PD_PG_IDLE' })
  })
  try {
    const conn = await pool.connect()
    try {
      await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
      try {
        await migratePg(drizzlePg({ client: conn, schema }), { migrationsFolder: MIGRATIONS_FOLDER })
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
      }
    } finally {
      conn.release()
    }
  } catch (err) {
    await pool.end()
    throw err
  }
  const db = drizzlePg({ client: pool, schema })
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    close: () => {
      closing = true
      return pool.end()
    },
  }
}
