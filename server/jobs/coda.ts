/**
 * Generic background job queue kept in the database (table `job`; issue 11 points 3–4): open-data
 * generation, e-mail sending and any later kind. Not the mass-upload runner (server/jobs/caricamenti.ts).
 *
 * - `enqueue(tipo, payload, {chiave})`: inserts an `IN_ATTESA` row; with a `chiave` already used the call
 *   is a no-op (idempotent scheduling: one open-data file per month, whoever schedules it).
 * - A worker claims the oldest due job with `UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP LOCKED)`, so
 *   that several processes on one PostgreSQL never take the same job; on PGlite one worker runs.
 * - The handler of the job's `tipo` runs with `progress(pct)` (0–100, written to `progresso`); success →
 *   `COMPLETATO`; an error → back to `IN_ATTESA` after a back-off (30 s × 2^attempt, at most 1 h) until
 *   `max_tentativi`, then `FALLITO` with the error's message.
 * - Resumable: a running job's row is touched every `leaseMs / 4` (heartbeat); a job left `IN_CORSO` by a
 *   stopped process is claimed again once untouched for `leaseMs` (default 2 min), by any worker.
 * - `start()` deletes completed jobs older than 62 days and polls every `pollMs`; `kick()` wakes the worker at once; `idle()` resolves when no job is due; `close()` waits for
 *   the running job at most `closeWaitMs` (default 5 s), then releases its claim (graceful shutdown, issue 14
 *   point 2): the job goes back to `IN_ATTESA`, due at once, its attempt not counted, for another process to take.
 */
import { and, eq, lt, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { job } from '../db/schema'
import type { Database } from '../db/types'

/** A logger of the queue; with `child`, each job logs through a child carrying `jobId` and `tipo`. */
export type JobLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> & { child?: (bindings: Record<string, unknown>) => Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> }

/**
 * Runs one job; throws to have it retried. `progress` takes a percentage 0–100; `log` (when the queue
 * has a logger) writes lines carrying the job's id and kind.
 */
export type JobHandler = (payload: Record<string, unknown>, ctx: { id: number; progress(pct: number): Promise<void>; log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> }) => Promise<void>

export interface JobQueueOptions {
  db: Database
  handlers?: Record<string, JobHandler>
  /** polling interval in ms (default 5000) */
  pollMs?: number
  /** base back-off in ms after a failure (default 30000; doubled each attempt, capped at 1 h) */
  backoffMs?: number
  /** a running job not touched for this long (ms, default 120000) is deemed abandoned and taken over */
  leaseMs?: number
  log?: JobLogger
  /** longest wait (ms) for the running job in `close()` before its claim is released (default 5000) */
  closeWaitMs?: number
}

export interface JobQueue {
  /** registers the handler of a job kind (before `start`) */
  handle(tipo: string, handler: JobHandler): void
  /** queues a job; returns its id, or null when `chiave` was already used */
  enqueue(tipo: string, payload: Record<string, unknown>, opts?: { chiave?: string; maxTentativi?: number }): Promise<number | null>
  /** deletes old completed jobs and starts polling (abandoned jobs are taken over by their lease) */
  start(): Promise<void>
  /** runs due jobs now (also called by `enqueue`) */
  kick(): void
  /** resolves once no due job is left and the worker is idle */
  idle(): Promise<void>
  close(): Promise<void>
}

/** Completed jobs are deleted at start once older than this (62 days: longer than a month's schedule key is needed). */
const RETENTION_MS = 62 * 24 * 3_600_000

interface Claimed { id: number; tipo: string; payload: Record<string, unknown>; tentativi: number; max_tentativi: number }

/** Creates the queue (not started). */
export function createJobQueue(opts: JobQueueOptions): JobQueue {
  const { db } = opts
  const handlers: Record<string, JobHandler> = { ...opts.handlers }
  const pollMs = opts.pollMs ?? 5000
  const backoffMs = opts.backoffMs ?? 30_000
  const leaseMs = opts.leaseMs ?? 120_000
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let again = false
  let closed = false
  /** the job this worker is running */
  let current: Claimed | undefined

  async function claim(): Promise<Claimed | undefined> {
    const tipi = Object.keys(handlers)
    if (tipi.length === 0) return undefined
    const result = await db.execute(sql`
      UPDATE job SET stato = 'IN_CORSO', tentativi = tentativi + 1, data_ora_aggiornamento = now()
      WHERE id = (
        SELECT id FROM job
        WHERE ((stato = 'IN_ATTESA' AND prossimo_tentativo <= now())
            OR (stato = 'IN_CORSO' AND data_ora_aggiornamento < now() - make_interval(secs => ${leaseMs / 1000})))
          AND tipo IN (${sql.join(tipi.map((t) => sql`${t}`), sql`, `)})
        ORDER BY prossimo_tentativo, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, tipo, payload, tentativi, max_tentativi`)
    return (result as unknown as { rows: Claimed[] }).rows[0]
  }

  async function runOne(c: Claimed): Promise<void> {
    const handler = handlers[c.tipo]!
    const log = opts.log?.child?.({ jobId: c.id, tipo: c.tipo }) ?? opts.log
    // the lease: a job whose row is not touched for `leaseMs` is taken over by another worker
    const heartbeat = setInterval(() => {
      db.update(job).set({ dataOraAggiornamento: new Date() }).where(and(eq(job.id, c.id), eq(job.stato, 'IN_CORSO')))
        .catch((err: unknown) => opts.log?.warn({ err, jobId: c.id }, 'job heartbeat failed'))
    }, Math.max(10, leaseMs / 4))
    try {
      await handler(c.payload, {
        id: c.id,
        log,
        progress: async (pct) => {
          await db.update(job).set({ progresso: Math.max(0, Math.min(100, Math.round(pct))), dataOraAggiornamento: new Date() }).where(eq(job.id, c.id))
        },
      })
      await db.update(job).set({ stato: 'COMPLETATO', progresso: 100, errore: null, dataOraAggiornamento: new Date() }).where(eq(job.id, c.id))
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      const last = c.tentativi >= c.max_tentativi
      opts.log?.warn({ jobId: c.id, tipo: c.tipo, tentativo: c.tentativi, err: message }, last ? 'job failed' : 'job will be retried')
      const wait = Math.min(3_600_000, backoffMs * 2 ** (c.tentativi - 1))
      await db.update(job).set({
        stato: last ? 'FALLITO' : 'IN_ATTESA', errore: message.slice(0, 2000),
        prossimoTentativo: new Date(Date.now() + wait), dataOraAggiornamento: new Date(),
      }).where(and(eq(job.id, c.id), eq(job.stato, 'IN_CORSO')))
    } finally {
      clearInterval(heartbeat)
    }
  }

  async function drain(): Promise<void> {
    do {
      again = false
      for (;;) {
        if (closed) return
        const c = await claim()
        if (!c) break
        current = c
        try {
          await runOne(c)
        } finally {
          current = undefined
        }
      }
    } while (again && !closed)
  }

  const kick = () => {
    if (closed) return
    if (running) { again = true; return }
    running = drain()
      .catch((err: unknown) => { opts.log?.error({ err }, 'job queue error') })
      .finally(() => { running = undefined })
  }

  return {
    handle(tipo, handler) { handlers[tipo] = handler },
    async enqueue(tipo, payload, o = {}) {
      const rows = await db.insert(job).values({ tipo, payload, chiave: o.chiave ?? null, maxTentativi: o.maxTentativi ?? 5 })
        .onConflictDoNothing({ target: job.chiave }).returning({ id: job.id })
      kick()
      return rows[0]?.id ?? null
    },
    async start() {
      // completed jobs keep their payload (e.g. an e-mail's text) only for a while
      await db.delete(job).where(and(eq(job.stato, 'COMPLETATO'), lt(job.dataOraAggiornamento, new Date(Date.now() - RETENTION_MS))))
      if (pollMs > 0) timer = setInterval(kick, pollMs)
      kick()
    },
    kick,
    async idle() {
      while (running) await running
    },
    async close() {
      closed = true
      if (timer) clearInterval(timer)
      if (!running) return
      let waited: NodeJS.Timeout | undefined
      const finished = await Promise.race([
        running.then(() => true),
        new Promise<false>((res) => { waited = setTimeout(() => res(false), opts.closeWaitMs ?? 5000) }),
      ])
      clearTimeout(waited)
      const left = current
      if (finished || !left) return
      // still running: hand the job back (the handler's late writes are guarded by stato = 'IN_CORSO' or harmless)
      await db.update(job).set({ stato: 'IN_ATTESA', tentativi: sql`greatest(0, ${job.tentativi} - 1)`, prossimoTentativo: new Date(), dataOraAggiornamento: new Date() })
        .where(and(eq(job.id, left.id), eq(job.stato, 'IN_CORSO')))
      opts.log?.info({ jobId: left.id, tipo: left.tipo }, 'job claim released at shutdown')
    },
  }
}
