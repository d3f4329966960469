/**
 * The database of a server test: in-memory PGlite, or — when `DATABASE_URL` is set — a private database on
 * that PostgreSQL server, dropped on close. Both start from a template that `tests/global-setup.ts` migrates
 * and seeds once per run (PGlite: a dumped data directory, ~0.6 s to open instead of ~2.5 s; PostgreSQL:
 * `CREATE DATABASE … TEMPLATE`), so test files running side by side never see each other's rows.
 */
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../../server/db/index'

declare module 'vitest' {
  export interface ProvidedContext {
    /** file holding the dumped PGlite data directory (PGlite runs) */
    pgliteTemplate: string
    /** name of the template database on the `DATABASE_URL` server (PostgreSQL runs) */
    pgTemplate: string
  }
}

/** Opens the test database, migrated and seeded (see the module comment). */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL
  if (!url) {
    const file = inject('pgliteTemplate')
    return openDatabase({ dataDir: 'memory://', pgliteTemplate: file ? new Blob([readFileSync(file)]) : undefined })
  }
  const name = `pd_test_${process.pid}_${randomBytes(4).toString('hex')}`
  const template = inject('pgTemplate')
  await adminQuery(url, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`)
  const handle = await openDatabase({ dataDir: 'memory://', databaseUrl: databaseUrl(url, name) })
  return {
    ...handle,
    async close() {
      await handle.close()
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    },
  }
}

/** `url` with its database name replaced by `name`. */
export function databaseUrl(url: string, name: string): string {
  const dbUrl = new URL(url)
  dbUrl.pathname = `/${name}`
  return dbUrl.toString()
}

/** Runs one statement on the server of `url` (its own database), outside any transaction. */
export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}
