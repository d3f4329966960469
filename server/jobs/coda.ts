/**
 * The one background job queue, kept in the database (table `job`; issue 11 points 3–4, issue 26 point 2):
 * every kind of background work of the server is a kind of this queue (server/jobs/index.ts lists them:
 * mass upload, the report views' refresh, the monthly open data, e-mails).
 *
 * - `enqueue(tipo, payload, {chiave})`: inserts an `IN_ATTESA` row; with a `chiave` already used the call
 *   is a no-op (idempotent scheduling: one open-data file per month, whoever schedules it), unless `rearm`
 *   asks for a finished or waiting row of that key to be due again at once.
 * - A worker claims the oldest due job with `UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP LOCKED)`, so
 *   that several processes on one PostgreSQL never take the same job; on PGlite one worker runs.
 * - Lanes: each kind belongs to a lane (`handle(tipo, h, {lane})`, default `'default'`); a lane runs its
 *   jobs one at a time, lanes run side by side (a long mass upload never holds back an e-mail).
 * - The handler of the job's `tipo` runs with `progress(pct)` (0–100, written to `progresso`) and `signal`
 *   (aborted when the queue closes); success → `COMPLETATO`; an error → back to `IN_ATTESA` after a back-off
 *   (30 s × 2^attempt, at most 1 h) until `max_tentativi`, then `FALLITO` with the error's message; a
 *   {@link JobDeferred} → back to `IN_ATTESA` after its delay, the attempt not counted (stopped at shutdown,
 *   or the work is held elsewhere).
 * - Recurring kinds (`handle(tipo, h, {every})`): one row per kind (key `ricorrente:<tipo>`), made due at
 *   `start()` (at its `firstDue`, or earlier when the row already is) and re-armed `every.ms` after each run,
 *   whether it succeeded or used up its attempts — a recurring job is a row, never a timer.
 * - Resumable: a running job's row is touched every `leaseMs / 4` (heartbeat); a job left `IN_CORSO` by a
 *   stopped process is claimed again once untouched for `leaseMs` (default 2 min), by any worker.
 * - `start()` deletes completed jobs older than 62 days, arms the recurring rows and polls every `pollMs`;
 *   `kick()` wakes the lanes at once; `idle()` resolves when no job is due; `close()` aborts the signal and waits
 *   for each lane's running job at most its `closeWaitMs` (default 5 s), then releases its claim (graceful
 *   shutdown, issue 14 point 2): the job goes back to `IN_ATTESA`, due at once, its attempt not counted.
 */
import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { and, eq, lt, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { job } from '../db/schema'
import type { Database } from '../db/types'

type LogLines = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>

/** A logger of the queue; with `child`, each job logs through a child carrying `jobId` and `tipo`. */
export type JobLogger = LogLines & { child?: (bindings: Record<string, unknown>) => LogLines }

/** What a handler gets besides its payload. */
export interface JobContext {
  id: number
  /** writes the progress, a percentage 0–100 */
  progress(pct: number): Promise<void>
  /** (when the queue has a logger) lines carrying the job's id and kind */
  log?: LogLines
  /** aborted when the queue closes: a handler that can stop early stops and throws {@link JobDeferred} */
  signal: AbortSignal
}

/** Runs one job; throws to have it retried, or {@link JobDeferred} to have it run again later. */
export type JobHandler = (payload: Record<string, unknown>, ctx: JobContext) => Promise<void>

/** Thrown by a handler: the job is not done and runs again after `afterMs`, its attempt not counted. */
export class JobDeferred extends Error {
  constructor(readonly afterMs = 0, message = 'job deferred') {
    super(message)
    this.name = 'JobDeferred'
  }
}

export interface HandleOptions {
  /** the lane the kind runs in (default `'default'`): one job at a time per lane, lanes side by side */
  lane?: string
  /** longest wait (ms) in `close()` for a running job of this lane before its claim is released (default: the queue's) */
  closeWaitMs?: number
  /** a recurring kind: its one row is re-armed `ms` after each run; the first run is due at `firstDue()` (default now) */
  every?: { ms: number; firstDue?: () => Promise<Date> | Date; maxTentativi?: number }
}

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

export interface EnqueueOptions {
  chiave?: string
  maxTentativi?: number
  /** with `chiave`: a row of that key not running (waiting, completed, failed) is made due now, its attempts reset */
  rearm?: boolean
}

export interface JobQueue {
  /** this queue's name (host, process, random part): who holds what the handlers claim besides the job row */
  readonly worker: string
  /** registers the handler of a job kind (before `start`) */
  handle(tipo: string, handler: JobHandler, opts?: HandleOptions): void
  /** queues a job; returns its id, or null when `chiave` was already used (and not re-armed) */
  enqueue(tipo: string, payload: Record<string, unknown>, opts?: EnqueueOptions): Promise<number | null>
  /** deletes old completed jobs, arms the recurring kinds and starts polling (abandoned jobs are taken over by their lease) */
  start(): Promise<void>
  /** runs due jobs now (also called by `enqueue`) */
  kick(): void
  /** resolves once no due job is left and every lane is idle */
  idle(): Promise<void>
  close(): Promise<void>
}

/** Completed jobs are deleted at start once older than this (62 days: longer than a month's schedule key is needed). */
const RETENTION_MS = 62 * 24 * 3_600_000

/** The key of a recurring kind's one row. */
export const chiaveRicorrente = (tipo: string) => `ricorrente:${tipo}`

interface Claimed { id: number; tipo: string; payload: Record<string, unknown>; tentativi: number; max_tentativi: number }

interface Lane {
  name: string
  tipi: string[]
  closeWaitMs?: number
  running?: Promise<void>
  again: boolean
  /** the job this lane is running */
  current?: Claimed
}

interface Kind { handler: JobHandler; lane: string; every?: HandleOptions['every'] }

/** Creates the queue (not started). */
export function createJobQueue(opts: JobQueueOptions): JobQueue {
  const { db } = opts
  const pollMs = opts.pollMs ?? 5000
  const backoffMs = opts.backoffMs ?? 30_000
  const leaseMs = opts.leaseMs ?? 120_000
  const worker = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  const kinds = new Map<string, Kind>()
  const lanes = new Map<string, Lane>()
  const stop = new AbortController()
  let timer: NodeJS.Timeout | undefined
  let closed = false

  function handle(tipo: string, handler: JobHandler, o: HandleOptions = {}): void {
    const name = o.lane ?? 'default'
    const previous = kinds.get(tipo)
    if (previous) {
      const old = lanes.get(previous.lane)!
      old.tipi = old.tipi.filter((t) => t !== tipo)
    }
    kinds.set(tipo, { handler, lane: name, every: o.every })
    const lane = lanes.get(name) ?? { name, tipi: [], again: false }
    lanes.set(name, lane)
    lane.tipi.push(tipo)
    if (o.closeWaitMs !== undefined) lane.closeWaitMs = Math.max(lane.closeWaitMs ?? 0, o.closeWaitMs)
  }
  for (const [tipo, handler] of Object.entries(opts.handlers ?? {})) handle(tipo, handler)

  async function claim(lane: Lane): Promise<Claimed | undefined> {
    if (lane.tipi.length === 0) return undefined
    const result = await db.execute(sql`
      UPDATE job SET stato = 'IN_CORSO', tentativi = tentativi + 1, data_ora_aggiornamento = now()
      WHERE id = (
        SELECT id FROM job
        WHERE ((stato = 'IN_ATTESA' AND prossimo_tentativo <= now())
            OR (stato = 'IN_CORSO' AND data_ora_aggiornamento < now() - make_interval(secs => ${leaseMs / 1000})))
          AND tipo IN (${sql.join(lane.tipi.map((t) => sql`${t}`), sql`, `)})
        ORDER BY prossimo_tentativo, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, tipo, payload, tentativi, max_tentativi`)
    return (result as unknown as { rows: Claimed[] }).rows[0]
  }

  /** Back to IN_ATTESA, due after `afterMs`, the attempt not counted (only while this worker still holds it). */
  const putBack = (id: number, afterMs: number) => db.update(job)
    .set({ stato: 'IN_ATTESA', tentativi: sql`greatest(0, ${job.tentativi} - 1)`, prossimoTentativo: new Date(Date.now() + afterMs), dataOraAggiornamento: new Date() })
    .where(and(eq(job.id, id), eq(job.stato, 'IN_CORSO')))

  /** A recurring row after its run: waiting again, due `every` from now. */
  const rearm = (id: number, everyMs: number, errore: string | null) => db.update(job)
    .set({ stato: 'IN_ATTESA', tentativi: 0, progresso: 0, errore, prossimoTentativo: new Date(Date.now() + everyMs), dataOraAggiornamento: new Date() })
    .where(and(eq(job.id, id), eq(job.stato, 'IN_CORSO')))

  async function runOne(c: Claimed): Promise<void> {
    const kind = kinds.get(c.tipo)!
    const log = opts.log?.child?.({ jobId: c.id, tipo: c.tipo }) ?? opts.log
    // the lease: a job whose row is not touched for `leaseMs` is taken over by another worker
    const heartbeat = setInterval(() => {
      db.update(job).set({ dataOraAggiornamento: new Date() }).where(and(eq(job.id, c.id), eq(job.stato, 'IN_CORSO')))
        .catch((err: unknown) => opts.log?.warn({ err, jobId: c.id }, 'job heartbeat failed'))
    }, Math.max(10, leaseMs / 4))
    try {
      await kind.handler(c.payload, {
        id: c.id,
        log,
        signal: stop.signal,
        progress: async (pct) => {
          await db.update(job).set({ progresso: Math.max(0, Math.min(100, Math.round(pct))), dataOraAggiornamento: new Date() }).where(eq(job.id, c.id))
        },
      })
      if (kind.every) await rearm(c.id, kind.every.ms, null)
      else await db.update(job).set({ stato: 'COMPLETATO', progresso: 100, errore: null, dataOraAggiornamento: new Date() }).where(eq(job.id, c.id))
    } catch (err) {
      if (err instanceof JobDeferred) {
        opts.log?.info({ jobId: c.id, tipo: c.tipo, afterMs: err.afterMs, reason: err.message }, 'job deferred')
        await putBack(c.id, err.afterMs)
        return
      }
      const message = err instanceof Error ? err.message : String(err)
      const last = c.tentativi >= c.max_tentativi
      opts.log?.warn({ jobId: c.id, tipo: c.tipo, tentativo: c.tentativi, err: message }, last ? 'job failed' : 'job will be retried')
      if (last && kind.every) {
        await rearm(c.id, kind.every.ms, message.slice(0, 2000))
        return
      }
      const wait = Math.min(3_600_000, backoffMs * 2 ** (c.tentativi - 1))
      await db.update(job).set({
        stato: last ? 'FALLITO' : 'IN_ATTESA', errore: message.slice(0, 2000),
        prossimoTentativo: new Date(Date.now() + wait), dataOraAggiornamento: new Date(),
      }).where(and(eq(job.id, c.id), eq(job.stato, 'IN_CORSO')))
    } finally {
      clearInterval(heartbeat)
    }
  }

  async function drain(lane: Lane): Promise<void> {
    do {
      lane.again = false
      for (;;) {
        if (closed) return
        const c = await claim(lane)
        if (!c) break
        lane.current = c
        try {
          await runOne(c)
        } finally {
          lane.current = undefined
        }
      }
    } while (lane.again && !closed)
  }

  function kickLane(lane: Lane): void {
    if (lane.running) { lane.again = true; return }
    lane.running = drain(lane)
      .catch((err: unknown) => { opts.log?.error({ err, lane: lane.name }, 'job queue error') })
      .finally(() => {
        lane.running = undefined
        // a kick that came while the drain was ending
        if (lane.again && !closed) kickLane(lane)
      })
  }

  const kick = () => {
    if (closed) return
    for (const lane of lanes.values()) kickLane(lane)
  }

  /**
   * The recurring kinds' rows: created when missing, due no later than their `firstDue`, failed or completed ones
   * waiting again. An existing row is updated first: an `insert … on conflict` would take a value of the id sequence
   * at every start even when the row exists (a restored installation would then differ from its backup).
   */
  async function armRecurring(): Promise<void> {
    for (const [tipo, kind] of kinds) {
      if (!kind.every) continue
      const due = kind.every.firstDue ? await kind.every.firstDue() : new Date()
      const chiave = chiaveRicorrente(tipo)
      const rearmed = await db.update(job)
        .set({
          prossimoTentativo: sql`least(${job.prossimoTentativo}, ${due.toISOString()}::timestamptz)`,
          stato: sql`case when ${job.stato} in ('COMPLETATO', 'FALLITO') then 'IN_ATTESA' else ${job.stato} end`,
        })
        .where(eq(job.chiave, chiave)).returning({ id: job.id })
      if (rearmed.length > 0) continue
      // the first start (or another process creating it at the same moment)
      await db.insert(job).values({ tipo, chiave, maxTentativi: kind.every.maxTentativi ?? 3, prossimoTentativo: due })
        .onConflictDoUpdate({
          target: job.chiave,
          set: {
            prossimoTentativo: sql`least(job.prossimo_tentativo, excluded.prossimo_tentativo)`,
            stato: sql`case when job.stato in ('COMPLETATO', 'FALLITO') then 'IN_ATTESA' else job.stato end`,
          },
        })
    }
  }

  /** Waits for a lane's running job at most its close wait, then hands the job back. */
  async function closeLane(lane: Lane): Promise<void> {
    const running = lane.running
    if (!running) return
    let waited: NodeJS.Timeout | undefined
    const finished = await Promise.race([
      running.then(() => true),
      new Promise<false>((res) => { waited = setTimeout(() => res(false), lane.closeWaitMs ?? opts.closeWaitMs ?? 5000) }),
    ])
    clearTimeout(waited)
    const left = lane.current
    if (finished || !left) return
    // still running: hand the job back (the handler's late writes are guarded by stato = 'IN_CORSO' or harmless)
    await db.update(job).set({ stato: 'IN_ATTESA', tentativi: sql`greatest(0, ${job.tentativi} - 1)`, prossimoTentativo: new Date(), dataOraAggiornamento: new Date() })
      .where(and(eq(job.id, left.id), eq(job.stato, 'IN_CORSO')))
    opts.log?.info({ jobId: left.id, tipo: left.tipo }, 'job claim released at shutdown')
  }

  return {
    worker,
    handle,
    async enqueue(tipo, payload, o = {}) {
      const insert = db.insert(job).values({ tipo, payload, chiave: o.chiave ?? null, maxTentativi: o.maxTentativi ?? 5 })
      const rows = o.rearm && o.chiave
        ? await insert.onConflictDoUpdate({
          target: job.chiave,
          set: { stato: 'IN_ATTESA', tentativi: 0, progresso: 0, errore: null, prossimoTentativo: sql`now()`, dataOraAggiornamento: sql`now()` },
          setWhere: sql`job.stato <> 'IN_CORSO'`,
        }).returning({ id: job.id })
        : await insert.onConflictDoNothing({ target: job.chiave }).returning({ id: job.id })
      kick()
      return rows[0]?.id ?? null
    },
    async start() {
      // completed jobs keep their payload (e.g. an e-mail's text) only for a while
      await db.delete(job).where(and(eq(job.stato, 'COMPLETATO'), lt(job.dataOraAggiornamento, new Date(Date.now() - RETENTION_MS))))
      await armRecurring()
      if (pollMs > 0 && !timer && !closed) {
        timer = setInterval(kick, pollMs)
        timer.unref()
      }
      kick()
    },
    kick,
    async idle() {
      for (;;) {
        const running = [...lanes.values()].map((l) => l.running).filter((r): r is Promise<void> => r !== undefined)
        if (running.length === 0) return
        await Promise.all(running)
      }
    },
    async close() {
      closed = true
      if (timer) clearInterval(timer)
      stop.abort()
      await Promise.all([...lanes.values()].map(closeLane))
    },
  }
}
