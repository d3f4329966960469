/** Types of the Drizzle database over `schema.ts`, shared by both drivers (PGlite, node-postgres). */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type * as schema from './schema'

/** The Drizzle database over `schema.ts`, whichever the driver. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>
/** A transaction opened with `db.transaction(...)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
/** Anything that runs queries: the database or a transaction. */
export type Executor = Database | Transaction
