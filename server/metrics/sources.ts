/**
 * The scrape-time readings of the gauges (server/metrics/registry.ts), one cheap query per table:
 * - the generic job queue (`job`, server/jobs/coda.ts): `GROUP BY tipo, stato`; every kind present gets
 *   its four states (0 when empty), so a drained queue reads 0 rather than vanishing;
 * - the mass upload (`registro_attivita`, server/jobs/caricamenti.ts): jobs `IN_PROGRESS`, as queue
 *   `mass_upload`, state `IN_PROGRESS`.
 * Pool connections come from the database handle (`poolStats`; PGlite: one connection). {@link withTimeout}
 * bounds a reading, so that a database that does not answer leaves the gauge empty instead of hanging the scrape.
 */
import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from '../db/index'
import type { Database } from '../db/types'
import type { PoolConnections, QueueDepth } from './registry'

/** The states of a `job` row (server/db/schema.ts). */
export const JOB_STATES = ['IN_ATTESA', 'IN_CORSO', 'COMPLETATO', 'FALLITO'] as const
/** The queue label of the mass-upload jobs. */
export const MASS_UPLOAD_QUEUE = 'mass_upload'

type Rows<T> = { rows: T[] }

/** Queue depth by kind and state, plus the mass uploads in progress (two queries). */
export async function readQueueDepth(db: Database): Promise<QueueDepth[]> {
  const jobs = await db.execute(sql`SELECT tipo, stato, count(*)::int AS n FROM job GROUP BY tipo, stato`) as unknown as Rows<{ tipo: string; stato: string; n: number }>
  const uploads = await db.execute(sql`SELECT count(*)::int AS n FROM registro_attivita WHERE job_status = 'IN_PROGRESS'`) as unknown as Rows<{ n: number }>
  const depth = new Map<string, QueueDepth>()
  for (const row of jobs.rows) {
    for (const state of JOB_STATES) {
      const key = `${row.tipo}\u0000${state}`
      if (!depth.has(key)) depth.set(key, { queue: row.tipo, state, count: 0 })
    }
    const key = `${row.tipo}\u0000${row.stato}`
    const entry = depth.get(key)
    if (entry) entry.count = Number(row.n)
    else depth.set(key, { queue: row.tipo, state: row.stato, count: Number(row.n) })
  }
  return [...depth.values(), { queue: MASS_UPLOAD_QUEUE, state: 'IN_PROGRESS', count: Number(uploads.rows[0]?.n ?? 0) }]
}

/** `promise`, or a rejection after `ms` (a database that does not answer must not hang the scrape). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms) })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

/** The pool's connections: the PostgreSQL pool's counts, or PGlite's single connection. */
export function poolConnections(database: Pick<DatabaseHandle, 'poolStats'>): PoolConnections {
  return database.poolStats?.() ?? { total: 1 }
}
