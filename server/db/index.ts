/**
 * Opens the database (issue #2 point 3; toolchain §5 "one schema, two drivers"):
 * PGlite in `${dataDir}/pglite` (or in memory for `'memory://'`), or PostgreSQL through a node-postgres
 * pool when `databaseUrl` is set, and applies the migrations of `drizzle/` under a PostgreSQL advisory lock,
 * so two processes (e.g. two test files sharing one PostgreSQL database) never migrate at the same time.
 * Opening never seeds: the start-up does (server/seed/index.ts `openSeededDatabase`, issue 26 point 8).
 */
import path from 'node:path'
import { ensurePrivateDir } from '../data-dir'
import { projectPath } from '../paths'
import { PGlite, types } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import type { Database } from './types'
import { nameWriteStatements } from './named-statements'

export type { Database, Executor, Transaction } from './types'

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  /**
   * PGlite only: the principal generation without a query (server/auth/principal-cache.ts). The one
   * in-process session LISTENs to the `principal_generation` notification of migration 0002's triggers,
   * which PGlite hands over while it processes the COMMIT, before the committing call returns; a counter
   * of those notifications changes exactly when the table's value does. PostgreSQL (other sessions, other
   * processes) reads the table instead.
   */
  principalGeneration?: () => Promise<string>
  /** PGlite only: the whole data directory as a tarball, to open again as `pgliteTemplate` */
  dumpDataDir?: () => Promise<Blob>
  /**
   * LISTENs to `channel` (server/events: one listener per process): PGlite's in-process session, or one
   * dedicated PostgreSQL connection outside the pool. `onPayload` gets each NOTIFY's payload after its
   * transaction commits. Resolves to the function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>
  close(): Promise<void>
  /** PostgreSQL only: the pool's connections (open, idle, clients waiting for one), for /metrics */
  poolStats?: () => { total: number; idle: number; waiting: number }
}

export interface OpenDatabaseOptions {
  /** data folder (PGlite files go in `${dataDir}/pglite`), or `'memory://'` for an in-memory PGlite */
  dataDir: string
  /** `postgres://…`: use PostgreSQL instead of PGlite */
  databaseUrl?: string
  /**
   * PGlite only: a data directory dumped by `dumpDataDir` to start from instead of an empty cluster
   * (the tests open one database per file from a migrated, seeded template: ~0.6 s instead of ~2.5 s).
   * Migrations still run and do nothing when the template is current.
   */
  pgliteTemplate?: Blob
  /**
   * PostgreSQL only: how long (ms) a query waits for a connection — a new one to open, or a pooled one to come
   * free — before it fails (answered 503 G04: server/app.ts). Default {@link PG_CONNECT_TIMEOUT_MS}.
   */
  connectTimeoutMs?: number
  /** awaited just before the migrations run (a test holds the migration on it: server/startup.ts MIGRATION_LATCH_ENV) */
  beforeMigrate?: () => Promise<void>
}

/**
 * Default bound (ms) on the wait for a PostgreSQL connection: without it a database that stopped answering (a
 * dropped network route, a failover in progress) held every request until the operating system gave up on the
 * connection, minutes later.
 */
export const PG_CONNECT_TIMEOUT_MS = 10_000

export const MIGRATIONS_FOLDER = projectPath('drizzle')
/** Advisory-lock key held while migrating (any constant shared by every process of this app). */
const MIGRATION_LOCK_KEY = 727_001

/** Opens and migrates the database (never seeds it). Rejects when the database cannot be reached. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.connectTimeoutMs, opts.beforeMigrate)
    : openPglite(opts.dataDir, opts.pgliteTemplate, opts.beforeMigrate)
}

async function openPglite(dataDir: string, template?: Blob, beforeMigrate?: () => Promise<void>): Promise<DatabaseHandle> {
  let location = 'memory://'
  if (dataDir !== 'memory://') {
    location = path.resolve(dataDir, 'pglite')
    // DATA_DIR and its pglite folder: mode 700 (server/data-dir.ts)
    ensurePrivateDir(location)
  }
  const client = new PGlite(location, template ? { loadDataDir: template } : {})
  // no `schema`: the relational API (`db.query.*`) is not used, and without it each transaction object
  // is built without a query builder per table (the write path opens one transaction per request)
  const db = drizzlePglite({ client: await withDrizzleParsersInstalled(client) })
  let notified = 0
  try {
    await beforeMigrate?.()
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER })
    await client.listen('principal_generation', () => { notified++ })
  } catch (err) {
    await client.close()
    throw err
  }
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    principalGeneration: () => Promise.resolve(`notified:${notified}`),
    dumpDataDir: async () => client.dumpDataDir('none'),
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
  }
}

/** Types drizzle's PGlite driver wants as their text (it maps them itself): dates, times, intervals, numeric[]. */
const DRIZZLE_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182]
const asText = (value: string) => value

type QueryOptions = Parameters<PGlite['query']>[2]
type TransactionClient = Parameters<Parameters<PGlite['transaction']>[0]>[0]

/** The options without `parsers` (installed once on the client instead). */
function withoutParsers(options: QueryOptions): QueryOptions {
  if (!options || options.parsers === undefined) return options
  const { parsers: _installed, ...rest } = options
  return rest
}

/** `target` with `query` dropping the per-query parsers, other members bound to `target` (private fields). */
function leanQueries<T extends PGlite | TransactionClient>(target: T, overrides: Partial<Record<string | symbol, unknown>> = {}): T {
  return new Proxy(target, {
    get(t, key) {
      if (key === 'query') return (text: string, params?: unknown[], options?: QueryOptions) => t.query(text, params, withoutParsers(options))
      if (key in overrides) return overrides[key]
      const value: unknown = Reflect.get(t, key, t)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(t) : value
    },
  })
}

/**
 * The PGlite client as drizzle should get it. drizzle's driver passes the same `parsers` option (text for
 * {@link DRIZZLE_TEXT_TYPES}) with EVERY query, and PGlite then copies its whole parser table (300+ types)
 * for each query — about a third of a short query's time. The same parsers are installed once on the
 * client instead (after its start, which registers the array types) and the option is dropped per query,
 * on the client and on each transaction: the results are identical.
 */
async function withDrizzleParsersInstalled(client: PGlite): Promise<PGlite> {
  await client.waitReady
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = asText
  const transaction: PGlite['transaction'] = (fn) => client.transaction((tx) => fn(leanQueries(tx)))
  return leanQueries(client, { transaction })
}

async function openPostgres(connectionString: string, connectTimeoutMs = PG_CONNECT_TIMEOUT_MS, beforeMigrate?: () => Promise<void>): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: connectTimeoutMs })
  // write statements prepared once per connection (server/db/named-statements.ts)
  pool.on('connect', nameWriteStatements)
  // An idle client that loses its connection (server restart, administrator termination) is dropped by
  // the pool, which then emits 'error': without a listener Node would crash the whole server. The next
  // query opens a new connection; a query in flight still fails with its own error.
  let closing = false
  pool.on('error', (err) => {
    if (!closing) process.emitWarning(`PostgreSQL: idle connection dropped (${err.message})`, { code: 'PD_PG_IDLE' })
  })
  // A connection lost while checked out between two queries (a transaction waiting on the application, a
  // terminated backend, a failover) emits 'error' on its client, where the pool listens only while it is
  // idle: without this listener Node would crash the whole server. The next query on that client fails with
  // its own error, and the pool discards the broken client when it is released.
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      if (!closing) process.emitWarning(`PostgreSQL: connection lost while in use (${err.message})`, { code: 'PD_PG_LOST' })
    })
  })
  try {
    await beforeMigrate?.()
    const conn = await pool.connect()
    try {
      await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
      try {
        await migratePg(drizzlePg({ client: conn }), { migrationsFolder: MIGRATIONS_FOLDER })
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
  const db = drizzlePg({ client: pool })
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    listen: (channel, onPayload) => listenPostgres(connectionString, channel, onPayload),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => {
      closing = true
      return pool.end()
    },
  }
}

/**
 * LISTEN on a dedicated connection (a pooled one would be handed to other queries). A dropped connection
 * is reopened after 2 s; notifications sent meanwhile are lost (the client's polling fallback covers them).
 */
async function listenPostgres(connectionString: string, channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
  let stopped = false
  let current: pg.Client | undefined
  const quoted = `"${channel.replace(/"/g, '""')}"`
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString })
    client.on('notification', (msg) => { if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload) })
    client.on('error', (err) => {
      process.emitWarning(`PostgreSQL LISTEN ${channel}: ${err.message}`, { code: 'PD_PG_LISTEN' })
      void client.end().catch(() => undefined)
      if (!stopped) setTimeout(() => { if (!stopped) void connect().catch(() => undefined) }, 2000).unref()
    })
    await client.connect()
    await client.query(`LISTEN ${quoted}`)
    if (stopped) await client.end()
    else current = client
  }
  await connect()
  return async () => {
    stopped = true
    await current?.end().catch(() => undefined)
  }
}
