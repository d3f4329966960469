/**
 * Refresh of the 'Report dati' materialised views (migration 0012; issue 11 point 1). `REFRESH MATERIALIZED
 * VIEW CONCURRENTLY` rebuilds each view beside the old one and swaps the differences in: readers keep reading
 * and writes to services, citizens and surveys are never blocked. The views are refreshed finest first
 * (project → programme → policy); `dati_aggiornamento.aggiornato_il` records when the refresh started (the data
 * are as of then).
 *
 * Several processes on one PostgreSQL (issue 14 point 1): the refresher's refreshes run in one transaction
 * holding the advisory lock {@link DATI_REFRESH_LOCK_KEY}, so one refresh runs at a time across processes; the
 * periodic one — a recurring kind of the job queue (server/jobs/index.ts), no timer — is skipped when another
 * process is refreshing or refreshed less than half a period ago.
 */
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/types'

const VIEWS = ['dati_progetto_mv', 'dati_programma_mv', 'dati_policy_mv'] as const

/**
 * Refreshes the three views; resolves with the time the data refer to. `concurrently` (default true) keeps
 * readers reading during the refresh at the cost of a second pass (the diff); without it the view is rebuilt
 * in one pass under an exclusive lock, which costs readers nothing where statements never overlap (PGlite:
 * one connection, see `createDatiRefresher`).
 */
export async function refreshDati(db: Pick<Database, 'execute'>, opts: { concurrently?: boolean } = {}): Promise<Date> {
  const started = new Date()
  const how = opts.concurrently === false ? '' : 'concurrently '
  for (const view of VIEWS) {
    await db.execute(sql.raw(`refresh materialized view ${how}${view}`))
    // fresh statistics for the planner: PGlite has no autovacuum, and a view without them is read whole
    await db.execute(sql.raw(`analyze ${view}`))
  }
  await db.execute(sql`update dati_aggiornamento set aggiornato_il = ${started.toISOString()}::timestamptz where id = 1`)
  return started
}

/** Advisory-lock key of the refresh (any constant shared by every process of this app). */
export const DATI_REFRESH_LOCK_KEY = 727_011

/**
 * {@link refreshDati} in a transaction holding {@link DATI_REFRESH_LOCK_KEY}: `wait` waits for another
 * process's refresh to end, otherwise resolves undefined without refreshing when the lock is taken or when
 * the data are younger than `freshMs`.
 */
export async function refreshDatiLocked(db: Database, opts: { wait: boolean; freshMs?: number }): Promise<Date | undefined> {
  return db.transaction(async (tx) => {
    if (opts.wait) {
      await tx.execute(sql`select pg_advisory_xact_lock(${DATI_REFRESH_LOCK_KEY})`)
    } else {
      const res = await tx.execute(sql`select pg_try_advisory_xact_lock(${DATI_REFRESH_LOCK_KEY}) as preso`)
      if (!(res as unknown as { rows: { preso: boolean }[] }).rows[0]?.preso) return undefined
    }
    if (opts.freshMs !== undefined) {
      const res = await tx.execute(sql`select aggiornato_il from dati_aggiornamento where id = 1`)
      const row = (res as unknown as { rows: { aggiornato_il: string | Date | null }[] }).rows[0]
      if (row?.aggiornato_il && Date.now() - new Date(row.aggiornato_il).getTime() < opts.freshMs) return undefined
    }
    return refreshDati(tx)
  })
}

/**
 * Default period of the background refresh: one hour. At the scale seed (3,000,000 services) a concurrent
 * refresh takes minutes on a busy 2-core PostgreSQL (bench/dashboard.ts `dashboard_refresh_s`): hourly keeps the
 * figures fresh within the day (the reference platform updated them once a day, 'ore 19:00') at a small load.
 */
export const DATI_REFRESH_MS = 60 * 60_000

export interface DatiRefresher {
  /** refreshes now (waits for a refresh under way first) */
  now(): Promise<Date>
  /**
   * The periodic refresh (the recurring job kind `dati.aggiorna`, server/jobs/index.ts): PostgreSQL skips it when
   * another process is refreshing or refreshed less than half a period ago; resolves undefined when skipped.
   */
  periodic(): Promise<Date | undefined>
  /** when the first periodic refresh is due: at once when the data are older than the period (or never refreshed) */
  firstDue(): Promise<Date>
  /** the period (ms) */
  readonly periodMs: number
}

/**
 * The refresher of the views (the recurring job runs `periodic` every `periodMs`; `now` serves /dati/aggiorna).
 * Not `shared` (the embedded PGlite: one process, one connection, so no reader ever runs beside a statement):
 * the views are refreshed without CONCURRENTLY, in one pass instead of two. At 1/100 of the national scale
 * the first view took 16–20 s CONCURRENTLY and 10 s without on PGlite, time during which every request
 * waits (issue 24 point 25: the first lists after a start, the DTD's programmes in the bench, waited for it).
 * Refreshes of one process never overlap: each waits for the one under way.
 */
export function createDatiRefresher(opts: {
  db: Database
  periodMs?: number
  /** PostgreSQL: one refresh at a time across processes (refreshDatiLocked), CONCURRENTLY so that readers never wait */
  shared?: boolean
  log?: { warn: (o: object, m: string) => void; info: (o: object, m: string) => void }
}): DatiRefresher {
  const period = opts.periodMs ?? DATI_REFRESH_MS
  let running: Promise<Date | undefined> | undefined
  const run = async (periodic: boolean): Promise<Date | undefined> => {
    if (running) await running.catch(() => undefined)
    running = !opts.shared ? refreshDati(opts.db, { concurrently: false })
      : periodic ? refreshDatiLocked(opts.db, { wait: false, freshMs: period / 2 }) : refreshDatiLocked(opts.db, { wait: true })
    try { return await running } finally { running = undefined }
  }
  return {
    periodMs: period,
    now: async () => (await run(false)) ?? new Date(),
    async periodic() {
      const at = await run(true)
      if (at) opts.log?.info({ at }, 'report dati aggiornato')
      return at
    },
    async firstDue() {
      const res = await opts.db.execute(sql`select aggiornato_il from dati_aggiornamento where id = 1`)
      const row = (res as unknown as { rows: { aggiornato_il: string | Date | null }[] }).rows[0]
      return row?.aggiornato_il ? new Date(Math.min(Date.now(), new Date(row.aggiornato_il).getTime() + period)) : new Date()
    },
  }
}
