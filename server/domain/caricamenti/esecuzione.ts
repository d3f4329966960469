/**
 * One run of a mass-upload job (issue 10 point 5; platform-backend §8.2–8.3; spec 002 §3, §8), the work of the
 * job kind `caricamento.massivo` of the job queue (server/jobs/caricamenti.ts), kept in the database
 * (`registro_attivita` + `registro_attivita_riga`) so that it survives a restart:
 * - a job reads its file again from the start, streaming (lettore.ts), skips the rows already recorded (each
 *   row's outcome is committed with the row's writes: applica.ts), rejects duplicated rows (identical cells:
 *   'riga duplicata'), validates the others (validazione.ts) and applies the valid ones;
 * - the valid rows are applied in chunks of `batchRows` (500 on PostgreSQL, {@link PGLITE_BATCH_ROWS} on
 *   PGlite): each chunk in ONE transaction with set-based reads and multi-row writes (blocco.ts); the rows it
 *   leaves (a citizen registered outside the facilitator's scope, a citizen twice in the chunk), or the whole
 *   chunk when its transaction fails, are applied one by one (applica.ts), each row in its own transaction — a
 *   bad row is still rejected alone; a unique violation there is retried;
 * - idempotent (issue 24 point 2): a chunk skips the rows already recorded, and after a failed chunk the rows
 *   it recorded anyway (a commit that went through although the call failed) are read again and skipped;
 * - the server keeps answering while a job runs: PGlite runs in this thread and its queries resolve without
 *   ever giving the event loop a turn, so the run yields to it (`setImmediate`) after every chunk and every
 *   row of the row path, and keeps PGlite's chunks (one transaction, which holds PGlite's only connection) small;
 * - progress (`righe_elaborate`, with `processo_visto`) is written after each batch; an aborted `signal` (the
 *   queue closing) stops the run after the current chunk (or row, in the row path): the job stays IN_PROGRESS,
 *   its claim released, to be resumed from the first row not recorded when its file is still there, failed
 *   cleanly otherwise;
 * - end: counters from the recorded rows, status SUCCESS, the file deleted, the filled tables analysed
 *   ({@link TABELLE_CARICAMENTO}); an unexpected error: GENERIC_FAIL and every row of the job undone
 *   (services, links, surveys and citizens it created, by its `cod_inserimento`), so that uploading the
 *   file again never doubles anything.
 * Several processes (issue 14 point 1): the file is in the file storage (`percorso_file` is its key; an
 * absolute path is a file on this machine's disk), copied to a temporary file while the job runs. The job
 * queue's lease decides which process runs a job; `registro_attivita.processo` names it while it runs
 * (`processo_visto` refreshed with the progress), and a fresh claim there by another process (one of a
 * previous version, during a rolling upgrade) is respected: the run answers 'occupato'.
 */
import { createHash } from 'node:crypto'
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { isAbsolute, join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { programma, progetto, registroAttivita, registroAttivitaRiga } from '../../db/schema'
import type { Database } from '../../db/types'
import type { FileStorage } from '../../storage/index'
import { isUniqueViolation } from '../db-errors'
import { applicaRiga, registraScartata, righeRegistrate, type ContestoJob, type EsitoRiga, type Facilitatori } from './applica'
import { applicaBlocco, dimenticaServizi, nuovoStatoBlocchi, type StatoBlocchi, type VoceBlocco } from './blocco'
import { annullaCaricamento, concludiCaricamento, JOB_STATUS } from './esito'
import { FileRifiutato, leggiRighe, type Formato, type RigaLetta } from './lettore'
import { COLONNE, COLONNE_RISERVATE } from './tracciato'
import { validaRiga, type RigaValida } from './validazione'

export { JOB_STATUS, TABELLE_CARICAMENTO } from './esito'

/**
 * Valid rows per chunk on PGlite: its chunk's transaction holds the one in-process connection (every other
 * request's query waits for it) and blocks the thread while each statement runs, so it stays short.
 */
export const PGLITE_BATCH_ROWS = 50

/** Gives the event loop a turn (timers, sockets): PGlite's queries resolve without one. */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => { setImmediate(resolve) })

type LogLines = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>

export interface EsecuzioneOptions {
  db: Database
  citizenHashSecret: string
  /** > 1 on PostgreSQL: the chunks commit without waiting for the disk (a crash loses only rows a resume applies again) */
  lanes: number
  /** valid rows applied per chunk (progress is written after each; default 500, PGlite: {@link PGLITE_BATCH_ROWS}) */
  batchRows?: number
  log?: LogLines
  /** today's date 'YYYY-MM-DD' (tests) */
  today?: () => string
  /** where uploaded files are kept (`percorso_file` not an absolute path is a key there) */
  storage?: FileStorage
  /** a claim in `registro_attivita.processo` whose `processo_visto` is older than this (ms, default 60000) is another process's no more */
  leaseMs?: number
}

/** How a run ended: done (SUCCESS, GENERIC_FAIL, or nothing left to do), stopped by the signal, or held by another process. */
export type FineEsecuzione = 'fatto' | 'fermato' | 'occupato'

/** Identity of a row's content (duplicate detection): 96 bits of SHA-256 over the normalised cells. */
export function impronta(riga: RigaLetta): string {
  const h = createHash('sha256')
  for (const c of COLONNE) h.update(riga.valori[c].toUpperCase()).update('\u0001')
  return h.digest('base64').slice(0, 16)
}

/** The cells of a rejected row kept for the report (tracciato.ts COLONNE_RISERVATE left out). */
export function valoriReport(riga: RigaLetta): Record<string, string> {
  const out: Record<string, string> = {}
  for (const c of COLONNE) if (!COLONNE_RISERVATE.has(c)) out[c] = riga.valori[c]
  return out
}

/** `registro_attivita` rows a claim does not hold: unclaimed, claimed by `worker`, or claimed beyond the lease. */
export const nonTrattenuto = (worker: string, leaseMs: number) => or(
  isNull(registroAttivita.processo), eq(registroAttivita.processo, worker),
  lt(registroAttivita.processoVisto, sql`now() - make_interval(secs => ${leaseMs / 1000})`))

/** The IN_PROGRESS jobs no live process holds (server start: each is queued again), oldest first. */
export async function caricamentiDaRiprendere(db: Database, worker: string, leaseMs = 60_000): Promise<number[]> {
  const rows = await db.select({ id: registroAttivita.id }).from(registroAttivita)
    .where(and(eq(registroAttivita.jobStatus, JOB_STATUS.IN_PROGRESS), nonTrattenuto(worker, leaseMs)))
    .orderBy(registroAttivita.id)
  return rows.map((r) => r.id)
}

class Stopped extends Error {}

/** A local copy of the job's file: the path itself (absolute), or the storage key copied to a temp file; null when gone. */
async function localFile(storage: FileStorage | undefined, percorso: string, formato: string): Promise<{ path: string; cleanup(): void } | null> {
  if (isAbsolute(percorso)) return existsSync(percorso) ? { path: percorso, cleanup: () => undefined } : null
  const opened = storage ? await storage.get(percorso) : null
  if (!opened) return null
  const dir = mkdtempSync(join(tmpdir(), 'pd-caricamento-'))
  const path = join(dir, `file.${formato}`)
  const cleanup = () => rmSync(dir, { recursive: true, force: true })
  try {
    await pipeline(opened.stream, createWriteStream(path, { mode: 0o600 }))
  } catch (err) {
    cleanup()
    throw err
  }
  return { path, cleanup }
}

/**
 * Runs job `idRegistro` for `worker` (see the module comment). Throws only when the database fails outside a
 * row (the queue retries the run); a failing file or row ends the job GENERIC_FAIL and answers 'fatto'.
 */
export async function eseguiCaricamento(opts: EsecuzioneOptions, idRegistro: number, run: { worker: string; signal: AbortSignal; log?: LogLines }): Promise<FineEsecuzione> {
  const { db } = opts
  const log = run.log ?? opts.log
  const batchRows = opts.batchRows ?? 500
  const { worker, signal } = run

  const claimed = await db.update(registroAttivita).set({ processo: worker, processoVisto: sql`now()` })
    .where(and(eq(registroAttivita.id, idRegistro), eq(registroAttivita.jobStatus, JOB_STATUS.IN_PROGRESS), nonTrattenuto(worker, opts.leaseMs ?? 60_000)))
    .returning({ id: registroAttivita.id })
  if (claimed.length === 0) {
    const [row] = await db.select({ stato: registroAttivita.jobStatus }).from(registroAttivita).where(eq(registroAttivita.id, idRegistro))
    return row?.stato === JOB_STATUS.IN_PROGRESS ? 'occupato' : 'fatto'
  }
  const release = () => db.update(registroAttivita).set({ processo: null, processoVisto: null })
    .where(and(eq(registroAttivita.id, idRegistro), eq(registroAttivita.processo, worker)))

  const [found] = await db.select({ job: registroAttivita, policy: programma.policy, idProgramma: progetto.idProgramma })
    .from(registroAttivita)
    .innerJoin(progetto, eq(progetto.id, registroAttivita.idProgetto))
    .innerJoin(programma, eq(programma.id, progetto.idProgramma))
    .where(eq(registroAttivita.id, idRegistro))
  if (!found) {
    await release()
    return 'fatto'
  }
  const { job } = found
  const percorso = job.percorsoFile
  const ctx: ContestoJob = {
    idRegistro, idProgramma: found.idProgramma, idProgetto: job.idProgetto as number, idEnte: job.idEnte as number,
    policy: found.policy, codInserimento: job.jobUuid ?? String(idRegistro), citizenHashSecret: opts.citizenHashSecret, asyncCommit: opts.lanes > 1,
  }
  const file = percorso ? await localFile(opts.storage, percorso, job.estensioneInput ?? 'csv') : null
  if (!file) {
    await annullaCaricamento(db, opts.storage, idRegistro, job.jobUuid ?? '', 'file del caricamento non più disponibile', null)
    return 'fatto'
  }

  async function applyWithRetry(numero: number, riga: RigaValida, cache: Facilitatori): Promise<EsitoRiga> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await applicaRiga(db, ctx, numero, riga, cache)
      } catch (err) {
        if (!isUniqueViolation(err) || attempt >= 3) throw err
      }
    }
  }

  /**
   * A batch of valid rows: the chunk's fast path (blocco.ts, one transaction); the rows it leaves, or the
   * whole batch when its transaction fails, go through the row path (applica.ts), one transaction each.
   */
  async function applyBatch(batch: VoceBlocco[], cache: Facilitatori, stato: StatoBlocchi) {
    let residue: VoceBlocco[]
    try {
      residue = (await applicaBlocco(db, ctx, batch, stato)).residue
    } catch (err) {
      log?.warn({ err, idRegistro }, 'mass upload chunk rolled back: rows applied one by one')
      // the services cache may name services of the rolled-back transaction
      stato.servizi.clear()
      stato.conteggio = 0
      // a failed call may still have committed (the error came after the COMMIT): its rows are recorded
      const recorded = await righeRegistrate(db, idRegistro, batch.map((v) => v.numero))
      residue = batch.filter((v) => !recorded.has(v.numero))
    }
    try {
      for (const item of residue) {
        await yieldToEventLoop()
        if (signal.aborted) throw new Stopped()
        const esito = await applyWithRetry(item.numero, item.riga, cache)
        if (esito.esito === 'SCARTATA') await registraScartata(db, idRegistro, item.numero, esito.note, item.valori)
      }
    } finally {
      dimenticaServizi(stato, residue)
    }
  }

  try {
    const doneRows = await db.select({ n: registroAttivitaRiga.numeroRiga }).from(registroAttivitaRiga)
      .where(eq(registroAttivitaRiga.idRegistroAttivita, idRegistro))
    const done = new Set(doneRows.map((r) => r.n))
    const seen = new Map<string, number>()
    const cache: Facilitatori = new Map()
    const stato = nuovoStatoBlocchi()
    const oggi = (opts.today ?? (() => new Date().toISOString().slice(0, 10)))()
    let batch: VoceBlocco[] = []
    let rejected: { numero: number; note: string; valori: Record<string, string> }[] = []
    let processed = done.size
    const flush = async () => {
      if (rejected.length > 0) {
        await db.insert(registroAttivitaRiga).values(rejected.map((r) => ({
          idRegistroAttivita: idRegistro, numeroRiga: r.numero, esito: 'SCARTATA' as const, note: r.note, valori: r.valori,
        }))).onConflictDoNothing()
      }
      if (batch.length > 0) await applyBatch(batch, cache, stato)
      processed += batch.length + rejected.length
      batch = []
      rejected = []
      await db.update(registroAttivita).set({ righeElaborate: processed, dataOraAggiornamento: new Date(), processoVisto: sql`now()` }).where(eq(registroAttivita.id, idRegistro))
      await yieldToEventLoop()
      if (signal.aborted) throw new Stopped()
    }
    try {
      for await (const riga of leggiRighe(file.path, (job.estensioneInput ?? 'csv') as Formato)) {
        const key = impronta(riga)
        const first = seen.get(key)
        if (first === undefined) seen.set(key, riga.numero)
        if (done.has(riga.numero)) continue
        if (first !== undefined) {
          rejected.push({ numero: riga.numero, note: `riga duplicata: è uguale alla riga ${first}`, valori: valoriReport(riga) })
        } else {
          const esito = await validaRiga(riga, ctx, oggi)
          if ('errori' in esito) rejected.push({ numero: riga.numero, note: esito.errori.join(' - '), valori: valoriReport(riga) })
          else batch.push({ numero: riga.numero, riga: esito.ok, valori: valoriReport(riga) })
        }
        if (batch.length + rejected.length >= batchRows) await flush()
      }
      await flush()
      await concludiCaricamento(db, opts.storage, idRegistro, percorso!, log)
      log?.info({ idRegistro }, 'mass upload job done')
    } catch (err) {
      if (err instanceof Stopped) {
        await release()
        return 'fermato'
      }
      await annullaCaricamento(db, opts.storage, idRegistro, ctx.codInserimento, err instanceof FileRifiutato ? err.message : String((err as Error)?.message ?? err), percorso)
      log?.error({ err, idRegistro }, 'mass upload job failed')
    }
    return 'fatto'
  } finally {
    file.cleanup()
  }
}
