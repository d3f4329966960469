/**
 * The access register's writer (issue 28 part 1): rows are kept in an in-process buffer and written as ONE
 * multi-row INSERT per batch — when `lotto` rows are waiting, after `intervalloMs` from the first waiting row, and
 * at shutdown (`close`, called by the server's onClose hook: server/app.ts). The request that caused a row never
 * waits for it. A batch whose INSERT fails is lost: counted (`persi.errore`, the metric
 * `registro_accessi_persi_total{motivo="errore"}`) and logged without its values; beyond `massimo` rows waiting
 * (buffer + batches being written) new rows are dropped and counted (`motivo="pieno"`), so that a database that does
 * not answer never grows the process's memory. Batches are written one at a time, in order.
 */
import { registroAccessi } from '../../db/schema'
import type { Executor } from '../../db/types'
import type { RigaRegistro } from './tipi'

export interface ScrittoreOptions {
  db: Executor
  log?: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void }
  /** rows per INSERT (default 200) */
  lotto?: number
  /**
   * longest wait (ms) of a row in the buffer (default 1000: each batch is a commit of its own; at 200 ms the extra
   * commits doubled the write bench's p99 at 150 writes/s, at 1 s they no longer showed)
   */
  intervalloMs?: number
  /** most rows waiting (buffer + batches in flight) before new ones are dropped (default 20000) */
  massimo?: number
}

/** Rows lost, by reason. */
export interface Persi { errore: number; pieno: number }

export interface ScrittoreRegistro {
  /** queues a row (never throws, never waits) */
  aggiungi(riga: RigaRegistro): void
  /** writes what is waiting now; resolves when every batch queued so far is written (or lost) */
  flush(): Promise<void>
  /** flushes and stops the timer; later rows are written at once, one batch each */
  close(): Promise<void>
  persi(): Persi
  /** rows written so far */
  scritte(): number
  /** rows waiting (buffer + batches in flight) */
  inAttesa(): number
}

/** Inserts `righe` as one statement (also the retention job's own row, in its transaction). */
export async function inserisciRighe(db: Executor, righe: readonly RigaRegistro[]): Promise<void> {
  if (righe.length === 0) return
  await db.insert(registroAccessi).values(righe.map((r) => ({ ...r })))
}

export function createScrittoreRegistro(opts: ScrittoreOptions): ScrittoreRegistro {
  const lotto = opts.lotto ?? 200
  const intervalloMs = opts.intervalloMs ?? 1000
  const massimo = opts.massimo ?? 20_000
  let buffer: RigaRegistro[] = []
  let inVolo = 0
  let timer: NodeJS.Timeout | undefined
  let coda: Promise<void> = Promise.resolve()
  let chiuso = false
  const persi: Persi = { errore: 0, pieno: 0 }
  let scritte = 0

  const scrivi = (righe: RigaRegistro[]) => {
    inVolo += righe.length
    coda = coda.then(async () => {
      try {
        await inserisciRighe(opts.db, righe)
        scritte += righe.length
      } catch (err) {
        persi.errore += righe.length
        // the rows' values are not logged (they name users and ids): only how many were lost and why
        opts.log?.error({ err: err instanceof Error ? { message: err.message, code: (err as { code?: string }).code } : String(err), righe: righe.length }, 'access register: batch not written, rows lost')
      } finally {
        inVolo -= righe.length
      }
    })
    return coda
  }

  const svuota = () => {
    if (timer) { clearTimeout(timer); timer = undefined }
    if (buffer.length === 0) return coda
    const righe = buffer
    buffer = []
    return scrivi(righe)
  }

  return {
    aggiungi(riga) {
      if (buffer.length + inVolo >= massimo) {
        persi.pieno += 1
        if (persi.pieno === 1 || persi.pieno % 1000 === 0) opts.log?.warn({ persi: persi.pieno, massimo }, 'access register: buffer full, rows dropped')
        return
      }
      buffer.push(riga)
      if (chiuso || buffer.length >= lotto) void svuota()
      else if (!timer) {
        timer = setTimeout(() => { timer = undefined; void svuota() }, intervalloMs)
        timer.unref()
      }
    },
    flush: () => svuota(),
    async close() {
      chiuso = true
      await svuota()
    },
    persi: () => ({ ...persi }),
    scritte: () => scritte,
    inAttesa: () => buffer.length + inVolo,
  }
}
