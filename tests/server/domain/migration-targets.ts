/**
 * Databases for the migration tests: an in-memory PGlite, or a private database on the `DATABASE_URL`
 * server (created here, dropped by `close()`), with raw queries and drizzle's migrator, and a copy of the
 * migrations folder that stops at a given migration (a database as it was before a change).
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { MIGRATIONS_FOLDER } from '../../../server/db/index'

export interface Target {
  query(text: string): Promise<Record<string, unknown>[]>
  migrate(folder: string): Promise<void>
  close(): Promise<void>
}

/** An in-memory PGlite. */
export async function pgliteTarget(): Promise<Target> {
  const client = new PGlite('memory://')
  const db = drizzlePglite({ client })
  return {
    query: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
    migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
    close: () => client.close(),
  }
}

/** A private database on the PostgreSQL server at `url` (dropped by `close()`). */
export async function postgresTarget(url: string): Promise<Target> {
  const name = `pd_mig_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: url })
    await c.connect()
    try { await c.query(text) } finally { await c.end() }
  }
  await admin(`CREATE DATABASE ${name}`)
  const dbUrl = new URL(url)
  dbUrl.pathname = `/${name}`
  const client = new pg.Client({ connectionString: dbUrl.toString() })
  await client.connect()
  const db = drizzlePg({ client })
  return {
    query: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      await client.end()
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    },
  }
}

/** The migration target of this run: PostgreSQL when `DATABASE_URL` is set, PGlite otherwise. */
export function migrationTarget(): Promise<Target> {
  return process.env.DATABASE_URL ? postgresTarget(process.env.DATABASE_URL) : pgliteTarget()
}

/** A copy, under `folder`, of the migrations up to index `lastIdx` included; returns its path. */
export function migrationsUpTo(folder: string, lastIdx: number): string {
  const dir = join(folder, `up-to-${lastIdx}`)
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true })
  const journalFile = join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] }
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx <= lastIdx) }))
  return dir
}
