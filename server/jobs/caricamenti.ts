/**
 * The background jobs of the mass upload (issue 10 point 5; platform-backend §8.2–8.3; spec 002 §3, §8),
 * kept in the database (`registro_attivita` + `registro_attivita_riga`), so that they survive a restart:
 * - jobs run one at a time, in creation order; a job reads its file again from the start, streaming
 *   (server/domain/caricamenti/lettore.ts), skips the rows already recorded (each row's outcome is
 *   committed with the row's writes: applica.ts), rejects duplicated rows (identical cells: 'riga
 *   duplicata'), validates the others (validazione.ts) and applies the valid ones;
 * - the valid rows are applied in chunks of `batchRows` (500 on PostgreSQL, {@link PGLITE_BATCH_ROWS} on
 *   PGlite): each chunk in ONE transaction with set-based reads and multi-row writes
 *   (domain/caricamenti/blocco.ts); the rows it leaves (a citizen registered outside the facilitator's
 *   scope, a citizen twice in the chunk), or the whole chunk when its transaction fails, are applied one by
 *   one (applica.ts), each row in its own transaction — a bad row is still rejected alone; a unique
 *   violation there is retried;
 * - idempotent (issue 24 point 2): a chunk skips the rows already recorded, and after a failed chunk the
 *   rows it recorded anyway (a commit that went through although the call failed) are read again and
 *   skipped; a row whose outcome is already recorded rolls back its writes (applica.ts) — a retried chunk
 *   never applies a row twice nor stops on a duplicate key;
 * - the server keeps answering while a job runs: PGlite runs in this thread and its queries resolve
 *   without ever giving the event loop a turn, so the runner yields to it (`setImmediate`) after every
 *   chunk and every row of the row path, and keeps PGlite's chunks (one transaction, which holds PGlite's
 *   only connection) small;
 * - progress (`righe_elaborate`) is written after each batch; `close()` stops after the current chunk (or
 *   row, in the row path) and leaves the job IN_PROGRESS, to be resumed by the next start (`resume()`): from the first row not
 *   recorded when its file is still there, failed cleanly otherwise;
 * - end: counters from the recorded rows, status SUCCESS, the file deleted, the filled tables analysed
 *   ({@link TABELLE_CARICAMENTO}); an unexpected error:
 *   GENERIC_FAIL and every row of the job undone (services, links, surveys and citizens it created, by
 *   its `cod_inserimento`), so that uploading the file again never doubles anything.
 * Several processes (issue 14 point 1): the file is in the file storage (`percorso_file` is its key; an
 * absolute path is a file on this machine's disk, as before), copied to a temporary file while the job
 * runs; a job is run by the process that claims it (`processo`, heartbeat `processo_visto` every
 * `leaseMs / 4`): claimed when unclaimed, or when its claim is older than `leaseMs` (a crashed process);
 * `close()` releases the claim; every `pollMs` the runner looks for unclaimed IN_PROGRESS jobs.
 */
import { createHash, randomUUID } from 'node:crypto'
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { isAbsolute, join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import {
  cittadino, programma, progetto, questionarioCompilato, registroAttivita, registroAttivitaRiga, servizio, servizioXCittadino,
} from '../db/schema'
import type { Database } from '../db/types'
import type { FileStorage } from '../storage/index'
import { isUniqueViolation } from '../domain/db-errors'
import { applicaRiga, registraScartata, righeRegistrate, type ContestoJob, type EsitoRiga, type Facilitatori } from '../domain/caricamenti/applica'
import { applicaBlocco, dimenticaServizi, nuovoStatoBlocchi, type StatoBlocchi, type VoceBlocco } from '../domain/caricamenti/blocco'
import { FileRifiutato, leggiRighe, type Formato, type RigaLetta } from '../domain/caricamenti/lettore'
import { COLONNE, COLONNE_RISERVATE } from '../domain/caricamenti/tracciato'
import { validaRiga, type RigaValida } from '../domain/caricamenti/validazione'

export const JOB_STATUS = { IN_PROGRESS: 'IN_PROGRESS', SUCCESS: 'SUCCESS', GENERIC_FAIL: 'GENERIC_FAIL' } as const

/**
 * Valid rows per chunk on PGlite: its chunk's transaction holds the one in-process connection (every other
 * request's query waits for it) and blocks the thread while each statement runs, so it stays short.
 */
export const PGLITE_BATCH_ROWS = 50

/**
 * Tables a mass upload fills, analysed when a job ends: PGlite has no autovacuum, so without this its planner
 * never gets statistics for them and guesses (a facilitator's scope of one service, a third of the citizens
 * changed), e.g. reading every instance of the field window to find the few citizens an incremental field sync
 * sends (server/domain/campo-sync.ts). On PostgreSQL it gives the planner fresh figures before autovacuum does.
 */
export const TABELLE_CARICAMENTO = ['servizio', 'questionario_compilato', 'cittadino', 'servizio_x_cittadino'] as const

/** Gives the event loop a turn (timers, sockets): PGlite's queries resolve without one. */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => { setImmediate(resolve) })

export interface JobRunnerOptions {
  db: Database
  citizenHashSecret: string
  /** > 1 on PostgreSQL: the chunks commit without waiting for the disk (a crash loses only rows a resume applies again) */
  lanes: number
  /** valid rows applied per chunk (progress is written after each; default 500, PGlite: {@link PGLITE_BATCH_ROWS}) */
  batchRows?: number
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
  /** today's date 'YYYY-MM-DD' (tests) */
  today?: () => string
  /** where uploaded files are kept (`percorso_file` not an absolute path is a key there) */
  storage?: FileStorage
  /** a claim whose heartbeat is older than this (ms, default 60000) is taken over */
  leaseMs?: number
  /** how often (ms) unclaimed IN_PROGRESS jobs are looked for once `resume()` ran (default 5000; 0 = never) */
  pollMs?: number
}

export interface JobRunner {
  /** queues a job created IN_PROGRESS */
  enqueue(idRegistro: number): void
  /** queues every IN_PROGRESS job (server start) */
  resume(): Promise<void>
  /** resolves when the queue is empty */
  idle(): Promise<void>
  /** stops after the current batch; the job stays IN_PROGRESS, its claim released */
  close(): Promise<void>
}

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

class Stopped extends Error {}

/** Creates the runner (see the module comment). */
export function createJobRunner(opts: JobRunnerOptions): JobRunner {
  const { db } = opts
  const batchRows = opts.batchRows ?? 500
  const today = opts.today ?? (() => new Date().toISOString().slice(0, 10))
  const queue: number[] = []
  let running: Promise<void> | null = null
  let stopping = false
  const leaseMs = opts.leaseMs ?? 60_000
  const pollMs = opts.pollMs ?? 5000
  /** this runner's name in `registro_attivita.processo` */
  const me = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  let poll: NodeJS.Timeout | undefined

  /** Claims the job for this runner; false when another live process holds it. */
  async function claim(idRegistro: number): Promise<boolean> {
    const rows = await db.update(registroAttivita).set({ processo: me, processoVisto: sql`now()` })
      .where(and(eq(registroAttivita.id, idRegistro), eq(registroAttivita.jobStatus, JOB_STATUS.IN_PROGRESS), or(
        isNull(registroAttivita.processo), eq(registroAttivita.processo, me),
        lt(registroAttivita.processoVisto, sql`now() - make_interval(secs => ${leaseMs / 1000})`))))
      .returning({ id: registroAttivita.id })
    return rows.length > 0
  }

  const release = (idRegistro: number) => db.update(registroAttivita).set({ processo: null, processoVisto: null })
    .where(and(eq(registroAttivita.id, idRegistro), eq(registroAttivita.processo, me)))

  /** A local copy of the job's file: the path itself (absolute), or the storage key copied to a temp file; null when gone. */
  async function localFile(percorso: string, formato: string): Promise<{ path: string; cleanup(): void } | null> {
    if (isAbsolute(percorso)) return existsSync(percorso) ? { path: percorso, cleanup: () => undefined } : null
    const opened = opts.storage ? await opts.storage.get(percorso) : null
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

  /** Deletes the job's file (disk path or storage key). */
  async function removeFile(percorso: string | null) {
    if (!percorso) return
    if (isAbsolute(percorso)) rmSync(percorso, { force: true })
    else await opts.storage?.delete(percorso)
  }

  async function contesto(idRegistro: number) {
    const [row] = await db.select({ job: registroAttivita, policy: programma.policy, idProgramma: progetto.idProgramma })
      .from(registroAttivita)
      .innerJoin(progetto, eq(progetto.id, registroAttivita.idProgetto))
      .innerJoin(programma, eq(programma.id, progetto.idProgramma))
      .where(eq(registroAttivita.id, idRegistro))
    return row
  }

  async function applyWithRetry(ctx: ContestoJob, numero: number, riga: RigaValida, cache: Facilitatori): Promise<EsitoRiga> {
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
  async function applyBatch(ctx: ContestoJob, batch: VoceBlocco[], cache: Facilitatori, stato: StatoBlocchi) {
    let residue: VoceBlocco[]
    try {
      residue = (await applicaBlocco(db, ctx, batch, stato)).residue
    } catch (err) {
      opts.log?.warn({ err, idRegistro: ctx.idRegistro }, 'mass upload chunk rolled back: rows applied one by one')
      // the services cache may name services of the rolled-back transaction
      stato.servizi.clear()
      stato.conteggio = 0
      // a failed call may still have committed (the error came after the COMMIT): its rows are recorded
      const recorded = await righeRegistrate(db, ctx.idRegistro, batch.map((v) => v.numero))
      residue = batch.filter((v) => !recorded.has(v.numero))
    }
    try {
      for (const item of residue) {
        await yieldToEventLoop()
        if (stopping) throw new Stopped()
        const esito = await applyWithRetry(ctx, item.numero, item.riga, cache)
        if (esito.esito === 'SCARTATA') await registraScartata(db, ctx.idRegistro, item.numero, esito.note, item.valori)
      }
    } finally {
      dimenticaServizi(stato, residue)
    }
  }

  async function finish(idRegistro: number, percorso: string | null) {
    const [c] = await db.select({
      totale: sql<number>`count(*)::int`,
      scartate: sql<number>`(count(*) filter (where ${registroAttivitaRiga.esito} = 'SCARTATA'))::int`,
      servizi: sql<number>`(count(*) filter (where ${registroAttivitaRiga.servizioNuovo}))::int`,
      cittadini: sql<number>`(count(*) filter (where ${registroAttivitaRiga.esito} = 'CARICATA'))::int`,
      compilate: sql<number>`(count(*) filter (where ${registroAttivitaRiga.questionarioCompilato}))::int`,
    }).from(registroAttivitaRiga).where(eq(registroAttivitaRiga.idRegistroAttivita, idRegistro))
    await db.update(registroAttivita).set({
      jobStatus: JOB_STATUS.SUCCESS, dataFineInserimento: new Date(), dataOraAggiornamento: new Date(), totaleRigheFile: Number(c?.totale ?? 0),
      righeElaborate: Number(c?.totale ?? 0), righeScartate: Number(c?.scartate ?? 0), serviziAcquisiti: Number(c?.servizi ?? 0),
      cittadiniAggiunti: Number(c?.cittadini ?? 0), rilevazioneDiEsperienzaCompilate: Number(c?.compilate ?? 0), isFileUpdated: true, percorsoFile: null,
      processo: null, processoVisto: null,
    }).where(eq(registroAttivita.id, idRegistro))
    await removeFile(percorso)
    // best effort: the job has succeeded; stale statistics only cost speed
    await db.execute(sql.raw(`analyze ${TABELLE_CARICAMENTO.join(', ')}`))
      .catch((err: unknown) => opts.log?.warn({ err, idRegistro }, 'mass upload: analyze failed'))
  }

  async function run(idRegistro: number): Promise<void> {
    if (!(await claim(idRegistro))) return
    const heartbeat = setInterval(() => {
      db.update(registroAttivita).set({ processoVisto: sql`now()` }).where(and(eq(registroAttivita.id, idRegistro), eq(registroAttivita.processo, me)))
        .catch((err: unknown) => opts.log?.warn({ err, idRegistro }, 'mass upload heartbeat failed'))
    }, Math.max(10, leaseMs / 4))
    try {
      await runClaimed(idRegistro)
    } finally {
      clearInterval(heartbeat)
    }
  }

  async function runClaimed(idRegistro: number): Promise<void> {
    const found = await contesto(idRegistro)
    if (!found || found.job.jobStatus !== JOB_STATUS.IN_PROGRESS) return
    const { job } = found
    const percorso = job.percorsoFile
    const file = percorso ? await localFile(percorso, job.estensioneInput ?? 'csv') : null
    if (!file) {
      await fail(idRegistro, job.jobUuid ?? '', 'file del caricamento non più disponibile', null)
      return
    }
    try {
      await processRows(idRegistro, found, percorso!, file.path)
    } finally {
      file.cleanup()
    }
  }

  async function processRows(idRegistro: number, found: NonNullable<Awaited<ReturnType<typeof contesto>>>, percorso: string, path: string): Promise<void> {
    const { job } = found
    const ctx: ContestoJob = {
      idRegistro, idProgramma: found.idProgramma, idProgetto: job.idProgetto as number, idEnte: job.idEnte as number,
      policy: found.policy, codInserimento: job.jobUuid ?? String(idRegistro), citizenHashSecret: opts.citizenHashSecret, asyncCommit: opts.lanes > 1,
    }
    const doneRows = await db.select({ n: registroAttivitaRiga.numeroRiga }).from(registroAttivitaRiga)
      .where(eq(registroAttivitaRiga.idRegistroAttivita, idRegistro))
    const done = new Set(doneRows.map((r) => r.n))
    const seen = new Map<string, number>()
    const cache: Facilitatori = new Map()
    const stato = nuovoStatoBlocchi()
    const oggi = today()
    let batch: VoceBlocco[] = []
    let rejected: { numero: number; note: string; valori: Record<string, string> }[] = []
    let processed = done.size
    const flush = async () => {
      if (rejected.length > 0) {
        await db.insert(registroAttivitaRiga).values(rejected.map((r) => ({
          idRegistroAttivita: idRegistro, numeroRiga: r.numero, esito: 'SCARTATA' as const, note: r.note, valori: r.valori,
        }))).onConflictDoNothing()
      }
      if (batch.length > 0) await applyBatch(ctx, batch, cache, stato)
      processed += batch.length + rejected.length
      batch = []
      rejected = []
      await db.update(registroAttivita).set({ righeElaborate: processed, dataOraAggiornamento: new Date() }).where(eq(registroAttivita.id, idRegistro))
      await yieldToEventLoop()
      if (stopping) throw new Stopped()
    }
    try {
      for await (const riga of leggiRighe(path, (job.estensioneInput ?? 'csv') as Formato)) {
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
      await finish(idRegistro, percorso)
      opts.log?.info({ idRegistro }, 'mass upload job done')
    } catch (err) {
      if (err instanceof Stopped) {
        await release(idRegistro)
        return
      }
      await fail(idRegistro, ctx.codInserimento, err instanceof FileRifiutato ? err.message : String((err as Error)?.message ?? err), percorso)
      opts.log?.error({ err, idRegistro }, 'mass upload job failed')
    }
  }

  /** GENERIC_FAIL with every row of the job undone (module comment). */
  async function fail(idRegistro: number, codInserimento: string, reason: string, percorso: string | null) {
    if (codInserimento) {
      await db.transaction(async (tx) => {
        await tx.delete(questionarioCompilato).where(eq(questionarioCompilato.codInserimento, codInserimento))
        const linked = await tx.delete(servizioXCittadino).where(eq(servizioXCittadino.codInserimento, codInserimento))
          .returning({ idCittadino: servizioXCittadino.idCittadino })
        await tx.delete(servizio).where(eq(servizio.codInserimento, codInserimento))
        const ids = [...new Set(linked.map((l) => l.idCittadino))]
        for (let i = 0; i < ids.length; i += 1000) {
          const chunk = ids.slice(i, i + 1000)
          await tx.delete(cittadino).where(and(eq(cittadino.codInserimento, codInserimento), inArray(cittadino.id, chunk),
            sql`not exists (select 1 from ${servizioXCittadino} where ${servizioXCittadino.idCittadino} = ${cittadino.id})`))
        }
      })
    }
    await db.delete(registroAttivitaRiga).where(eq(registroAttivitaRiga.idRegistroAttivita, idRegistro))
    await db.update(registroAttivita).set({
      jobStatus: JOB_STATUS.GENERIC_FAIL, motivoFallimento: reason.slice(0, 1000), dataFineInserimento: new Date(), dataOraAggiornamento: new Date(),
      righeScartate: 0, serviziAcquisiti: 0, cittadiniAggiunti: 0, rilevazioneDiEsperienzaCompilate: 0, righeElaborate: 0, percorsoFile: null,
      processo: null, processoVisto: null,
    }).where(eq(registroAttivita.id, idRegistro))
    await removeFile(percorso)
  }

  /** Queues the IN_PROGRESS jobs nobody holds (unclaimed, or claimed beyond the lease). */
  async function scan(): Promise<void> {
    const rows = await db.select({ id: registroAttivita.id }).from(registroAttivita)
      .where(and(eq(registroAttivita.jobStatus, JOB_STATUS.IN_PROGRESS), or(
        isNull(registroAttivita.processo), eq(registroAttivita.processo, me),
        lt(registroAttivita.processoVisto, sql`now() - make_interval(secs => ${leaseMs / 1000})`))))
      .orderBy(asc(registroAttivita.id))
    for (const r of rows) if (!queue.includes(r.id)) queue.push(r.id)
    pump()
  }

  function pump(): void {
    if (running || stopping) return
    const next = queue.shift()
    if (next === undefined) return
    running = run(next)
      .catch((err: unknown) => opts.log?.error({ err, idRegistro: next }, 'mass upload job crashed'))
      .finally(() => {
        running = null
        pump()
      })
  }

  return {
    enqueue(idRegistro) {
      if (!queue.includes(idRegistro)) queue.push(idRegistro)
      pump()
    },
    async resume() {
      await scan()
      if (pollMs > 0 && !poll && !stopping) {
        poll = setInterval(() => { scan().catch((err: unknown) => opts.log?.warn({ err }, 'mass upload scan failed')) }, pollMs)
        poll.unref()
      }
    },
    async idle() {
      pump()
      while (running) {
        await running
        pump()
      }
    },
    async close() {
      stopping = true
      if (poll) clearInterval(poll)
      await running
    },
  }
}
