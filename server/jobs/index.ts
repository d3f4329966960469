/**
 * The server's background work, every piece a kind of the one job queue (server/jobs/coda.ts; issue 26 point 2):
 * | kind | lane | what | scheduled by |
 * |---|---|---|---|
 * | `caricamento.massivo` | caricamenti | one mass upload (server/jobs/caricamenti.ts) | the upload route; the start resumes the rest |
 * | `dati.aggiorna` | dati | the report views' refresh (server/domain/dati/refresh.ts) | recurring, every hour; the first at once when the data are older |
 * | `opendata.pianifica` | default | queues this month's open-data file (server/domain/opendata/calendario.ts) | recurring, every hour; the first `primoControlloMs` after the start |
 * | `opendata.genera` | default | generates a month's open-data file (server/domain/opendata/genera.ts) | the monthly check; a DTD's request |
 * | `email.invia` | default | sends an e-mail (server/mail/index.ts, which registers it) | the help desk, notifications |
 * | `conservazione.rapporto` | conservazione | writes the retention report (server/domain/conservazione/rapporto.ts) | recurring, daily; the DTD's request |
 * | `conservazione.anonimizza` | conservazione | anonymises what the confirmed report said (server/domain/conservazione/esecuzione.ts) | the DTD's confirmation only |
 * | `registro.pulizia` | default | removes the access-register rows older than 12 months, recording the removal (server/domain/registro/pulizia.ts; issue 28) | recurring, every day; the first `primaPuliziaMs` after the start |
 * No kind runs on a timer of its own: a recurring kind is one row the queue re-arms, and every kind gets the
 * queue's lease, retry and shutdown release.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/types'
import { createDatiRefresher, type DatiRefresher } from '../domain/dati/refresh'
import { JOB_OPEN_DATA, pianificaMese, type PayloadOpenData } from '../domain/opendata/calendario'
import { generaFileMese } from '../domain/opendata/genera'
import type { FileStorage } from '../storage/index'
import { registerMassUpload, type JobRunner } from './caricamenti'
import type { JobQueue } from './coda'
import { PGLITE_BATCH_ROWS } from '../domain/caricamenti/esecuzione'
import { eseguiAnonimizzazione, JOB_ANONIMIZZA, JOB_RAPPORTO } from '../domain/conservazione/esecuzione'
import { scriviRapporto } from '../domain/conservazione/rapporto'
import { JOB_REGISTRO_PULIZIA, puliziaRegistro } from '../domain/registro/pulizia'

export const JOB_DATI = 'dati.aggiorna'
export const JOB_OPEN_DATA_CHECK = 'opendata.pianifica'

const HOUR = 3_600_000

export interface JobKindsOptions {
  db: Database
  kind: 'pglite' | 'postgres'
  citizenHashSecret: string
  storage: FileStorage
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
  /** delay of the first open-data check after the start, ms (default 10000; 0 = no automatic schedule) */
  primoControlloMs?: number
  /** delay of the first daily retention report after the start, ms (default 5 minutes; 0 = only on demand) */
  primoRapportoMs?: number
  /** delay of the first access-register retention run after the start, ms (default 10 minutes; 0 = not scheduled) */
  primaPuliziaMs?: number
  /** the clock of the open-data check (tests) */
  now?: () => Date
}

/** Registers every kind on `jobs`; returns the mass-upload runner and the report views' refresher. */
export function registerJobKinds(jobs: JobQueue, opts: JobKindsOptions): { caricamenti: JobRunner; refresher: DatiRefresher } {
  const { db, log } = opts
  const embedded = opts.kind === 'pglite'
  const now = opts.now ?? (() => new Date())

  // mass upload: PostgreSQL commits its chunks without waiting for the disk (6 sequences), PGlite keeps them short
  const caricamenti = registerMassUpload(jobs, {
    db, citizenHashSecret: opts.citizenHashSecret, lanes: embedded ? 1 : 6, log, storage: opts.storage,
    batchRows: embedded ? PGLITE_BATCH_ROWS : undefined,
  })

  // 'Report dati' (issue 11 point 1): materialised views refreshed in the background, never blocking writes
  const refresher = createDatiRefresher({ db, log, shared: !embedded })
  jobs.handle(JOB_DATI, async () => { await refresher.periodic() }, {
    lane: 'dati', closeWaitMs: 20_000, every: { ms: refresher.periodMs, firstDue: () => refresher.firstDue(), maxTentativi: 1 },
  })

  // open data (issue 11 point 3): the generation, and the monthly schedule checked every hour
  jobs.handle(JOB_OPEN_DATA, async (payload, ctx) => {
    const p = payload as unknown as PayloadOpenData
    // PGlite (no DATABASE_URL): counted in memory from short batches, so that requests never wait long (issue 24 point 25)
    const esito = await generaFileMese(db, opts.storage, { mese: p.mese, oggi: p.oggi, progress: ctx.progress, incorporato: embedded })
    ;(ctx.log ?? log).info({ ...esito }, 'open data published')
  })
  const primo = opts.primoControlloMs ?? 10_000
  if (primo > 0) {
    jobs.handle(JOB_OPEN_DATA_CHECK, async () => { await pianificaMese(jobs, now()) }, {
      every: { ms: HOUR, firstDue: () => new Date(Date.now() + primo), maxTentativi: 1 },
    })
  }
  // retention (issue 28 point 2): the daily report, and the anonymisation a DTD's confirmation queues; one lane, one at a time
  const primoRapporto = opts.primoRapportoMs ?? 5 * 60_000
  jobs.handle(JOB_RAPPORTO, async (_payload, ctx) => {
    const id = await scriviRapporto(db)
    ;(ctx.log ?? log).info({ idRapporto: id }, 'retention report written')
  }, { lane: 'conservazione', every: { ms: 24 * HOUR, firstDue: () => new Date(Date.now() + (primoRapporto > 0 ? primoRapporto : 365 * 24 * HOUR)), maxTentativi: 2 } })
  jobs.handle(JOB_ANONIMIZZA, async (payload, ctx) => {
    const out = await eseguiAnonimizzazione(db, Number(payload.idRapporto), ctx, { storage: opts.storage })
    ;(ctx.log ?? log).info({ idRapporto: payload.idRapporto, ...out }, 'retention anonymisation')
  }, { lane: 'conservazione', closeWaitMs: 20_000 })
  // access register (issue 28 part 1): rows older than 12 months removed every day, the removal itself recorded
  const primaPulizia = opts.primaPuliziaMs ?? 10 * 60_000
  if (primaPulizia > 0) {
    jobs.handle(JOB_REGISTRO_PULIZIA, async (_payload, ctx) => {
      const esito = await puliziaRegistro(db, now())
      ;(ctx.log ?? log).info({ rimosse: esito.rimosse }, 'access register: old rows removed')
    }, { every: { ms: 24 * HOUR, firstDue: () => new Date(Date.now() + primaPulizia), maxTentativi: 3 } })
  }
  return { caricamenti, refresher }
}
