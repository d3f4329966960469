/**
 * The mass upload as a kind of the job queue (issue 26 point 2): kind {@link JOB_CARICAMENTO}, payload
 * `{idRegistro}`, key `caricamento:<idRegistro>` (one job row per upload), lane `caricamenti` (uploads run one
 * at a time, beside the other kinds). The work of a run is server/domain/caricamenti/esecuzione.ts; the queue
 * (server/jobs/coda.ts) gives it its claim, lease, heartbeat, retry and shutdown release:
 * - a run stopped by the queue closing (after its current chunk) or finding the upload held by another live
 *   process answers {@link JobDeferred}: the job row waits again, its attempt not counted;
 * - `resume()` (server start) queues again every IN_PROGRESS upload no live process holds, its job row made
 *   due at once (an upload created by a previous version has none yet).
 * {@link createJobRunner} is the same kind on a queue of its own (tests, benches): `close()` closes that queue,
 * so a job enqueued just before stops after its first chunk, IN_PROGRESS, its claim released.
 */
import type { FastifyBaseLogger } from 'fastify'
import { caricamentiDaRiprendere, eseguiCaricamento, type EsecuzioneOptions } from '../domain/caricamenti/esecuzione'
import { createJobQueue, JobDeferred, type JobQueue } from './coda'

export { JOB_STATUS } from '../domain/caricamenti/esito'
export { PGLITE_BATCH_ROWS } from '../domain/caricamenti/esecuzione'

/** The job kind of a mass upload. */
export const JOB_CARICAMENTO = 'caricamento.massivo'

/** The job key of upload `idRegistro`. */
export const chiaveCaricamento = (idRegistro: number) => `caricamento:${idRegistro}`

/** Longest wait at shutdown for the chunk under way (a chunk commits well within it). */
const CLOSE_WAIT_MS = 20_000

/** Attempts of a run failing outside its rows (the database away): back-off 30 s doubling to 1 h, about a day in all. */
const MAX_TENTATIVI = 30

export interface JobRunnerOptions extends EsecuzioneOptions {
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
  /** how often (ms) the queue of {@link createJobRunner} looks for due jobs once `resume()` ran (default 5000; 0 = never) */
  pollMs?: number
}

export interface JobRunner {
  /** queues the job of an upload created IN_PROGRESS */
  enqueue(idRegistro: number): Promise<void>
  /** queues every IN_PROGRESS upload no live process holds (server start) */
  resume(): Promise<void>
  /** resolves when no job is due and the queue is idle */
  idle(): Promise<void>
  /** {@link createJobRunner}: closes its queue (the running job stops after its chunk); on a shared queue: waits for the enqueues under way */
  close(): Promise<void>
}

/** Registers the mass-upload kind on `queue`; the runner it returns queues uploads on it. */
export function registerMassUpload(queue: JobQueue, opts: JobRunnerOptions, own = false): JobRunner {
  queue.handle(JOB_CARICAMENTO, async (payload, ctx) => {
    const idRegistro = Number(payload.idRegistro)
    const fine = await eseguiCaricamento(opts, idRegistro, { worker: queue.worker, signal: ctx.signal, log: ctx.log ?? opts.log })
    if (fine === 'fermato') throw new JobDeferred(0, 'stopped at shutdown')
    if (fine === 'occupato') throw new JobDeferred(opts.leaseMs ?? 60_000, 'held by another process')
  }, { lane: 'caricamenti', closeWaitMs: CLOSE_WAIT_MS })

  const pending = new Set<Promise<unknown>>()
  const track = <T>(p: Promise<T>): Promise<T> => {
    pending.add(p)
    return p.finally(() => { pending.delete(p) })
  }
  const settled = async () => { while (pending.size > 0) await Promise.allSettled([...pending]) }
  const accoda = (idRegistro: number) => queue.enqueue(JOB_CARICAMENTO, { idRegistro }, { chiave: chiaveCaricamento(idRegistro), rearm: true, maxTentativi: MAX_TENTATIVI })
  let started = false

  return {
    async enqueue(idRegistro) {
      await track(accoda(idRegistro))
    },
    async resume() {
      await track((async () => {
        for (const id of await caricamentiDaRiprendere(opts.db, queue.worker, opts.leaseMs)) await accoda(id)
      })())
      if (own && !started) {
        started = true
        await queue.start()
      }
    },
    async idle() {
      await settled()
      await queue.idle()
    },
    async close() {
      // a job enqueued before is claimed first: it then stops after its first chunk
      await settled()
      if (own) await queue.close()
    },
  }
}

/** The mass-upload kind on a queue of its own (see the module comment). */
export function createJobRunner(opts: JobRunnerOptions): JobRunner {
  const queue = createJobQueue({ db: opts.db, log: opts.log, pollMs: opts.pollMs, leaseMs: opts.leaseMs ? Math.max(opts.leaseMs, 1000) : undefined })
  return registerMassUpload(queue, opts, true)
}
