/** Types of the Drizzle database over `schema.ts`, shared by both drivers (PGlite, node-postgres). */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'

/**
 * The Drizzle database, whichever the driver: the query builder over the tables of `schema.ts`, without
 * the relational API (`db.query.*`), which is not registered (server/db/index.ts).
 */
export type Database = PgDatabase<PgQueryResultHKT>
/** A transaction opened with `db.transaction(...)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
/** Anything that runs queries: the database or a transaction. */
export type Executor = Database | Transaction
