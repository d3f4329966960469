/**
 * The DTD's confirmation and the anonymisation it unlocks (issue 28 point 2):
 * - {@link confermaRapporto}: only the last report, still 'DA_CONFERMARE', can be confirmed (409 CS02 otherwise); it
 *   becomes 'CONFERMATO' and the job `conservazione.anonimizza` is queued with its id;
 * - {@link eseguiAnonimizzazione} (that job): refuses a report that is not 'CONFERMATO'; recomputes what is past its
 *   date today and, when any count grew beyond the confirmed report's, anonymises nothing: the report becomes
 *   'SUPERATO' with a note and a new report waits for a confirmation. Otherwise it anonymises in bounded batches
 *   ({@link LOTTO} rows, one transaction each, never more rows than the report said), citizens then volunteers, deletes
 *   the stored copies of the mass-upload files concerned and their rejected rows' cells, and marks the report
 *   'ESEGUITO' with what was done. A job stopped midway (shutdown, lost lease) resumes: done rows are no longer past.
 */
import { rm } from 'node:fs/promises'
import { isAbsolute } from 'node:path'
import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import type { TotaliRapporto } from '../../../src/api/contract/conservazione'
import { conservazioneRapporto, registroAttivita, registroAttivitaRiga } from '../../db/schema'
import type { Database } from '../../db/types'
import { ApiError } from '../../errors'
import type { FileStorage } from '../../storage/index'
import { JobDeferred, type JobContext, type JobQueue } from '../../jobs/coda'
import { rowsOf } from '../liste/engine'
import { registraAccesso } from '../registro'
import { anonimizzaCittadino, anonimizzaUtente } from './anonimizza'
import { calcolaRapporto, oggiInItalia, rapporto, scriviRapporto, ultimoRapporto } from './rapporto'
import { lottoCittadini, lottoUtenti } from './scaduti'

export const JOB_RAPPORTO = 'conservazione.rapporto'
export const JOB_ANONIMIZZA = 'conservazione.anonimizza'

/** Rows anonymised per transaction. */
export const LOTTO = 100

export const NOTA_CRESCIUTO = 'Nel frattempo i dati oltre il periodo di conservazione sono aumentati: non è stato anonimizzato nulla ed è stato preparato un nuovo rapporto da confermare.'

/** Confirms report `id` for user `idUtente` and queues the anonymisation (module comment); resolves to the job's id. */
export async function confermaRapporto(db: Database, jobs: Pick<JobQueue, 'enqueue'>, idUtente: number, id: number): Promise<number | null> {
  await db.transaction(async (tx) => {
    const last = await ultimoRapporto(tx)
    const [row] = await tx.select({ stato: conservazioneRapporto.stato }).from(conservazioneRapporto).where(eq(conservazioneRapporto.id, id)).for('update')
    if (!row || !last || last.id !== id || row.stato !== 'DA_CONFERMARE') throw new ApiError(409, 'CS02')
    await tx.update(conservazioneRapporto).set({ stato: 'CONFERMATO', confermatoDa: idUtente, confermatoIl: new Date() }).where(eq(conservazioneRapporto.id, id))
  })
  return jobs.enqueue(JOB_ANONIMIZZA, { idRapporto: id }, { chiave: `${JOB_ANONIMIZZA}:${id}`, maxTentativi: 3 })
}

const somma = (a: TotaliRapporto, b: Partial<TotaliRapporto>): TotaliRapporto => ({
  cittadini: a.cittadini + (b.cittadini ?? 0), servizi: a.servizi + (b.servizi ?? 0), questionari: a.questionari + (b.questionari ?? 0),
  consensi: a.consensi + (b.consensi ?? 0), utenti: a.utenti + (b.utenti ?? 0),
})
const ZERO: TotaliRapporto = { cittadini: 0, servizi: 0, questionari: 0, consensi: 0, utenti: 0 }
const CHIAVI = Object.keys(ZERO) as (keyof TotaliRapporto)[]

export interface OpzioniAnonimizzazione {
  storage?: FileStorage
  /** the day the dates are compared with (tests) */
  oggi?: string
  lotto?: number
}

/** The job `conservazione.anonimizza` of report `idRapporto` (module comment); resolves to what it did. */
export async function eseguiAnonimizzazione(db: Database, idRapporto: number, ctx: Pick<JobContext, 'progress' | 'signal'>,
  opts: OpzioniAnonimizzazione = {}): Promise<{ esito: 'eseguito' | 'cresciuto' | 'non-confermato'; fatto: TotaliRapporto }> {
  const r = await rapporto(db, idRapporto)
  if (!r || r.stato !== 'CONFERMATO') return { esito: 'non-confermato', fatto: ZERO }
  const oggi = opts.oggi ?? oggiInItalia()
  const lotto = opts.lotto ?? LOTTO
  const ora = await calcolaRapporto(db, oggi)
  const gia = r.esito ?? ZERO
  // what is left plus what an interrupted run already did may never exceed what the DTD confirmed
  if (CHIAVI.some((k) => ora.totali[k] + gia[k] > r.totali[k])) {
    await db.update(conservazioneRapporto).set({ stato: 'SUPERATO', nota: NOTA_CRESCIUTO }).where(eq(conservazioneRapporto.id, idRapporto))
    await scriviRapporto(db, oggi)
    return { esito: 'cresciuto', fatto: ZERO }
  }
  const totale = Math.max(1, ora.totali.cittadini + ora.totali.utenti)
  let fatto = ZERO
  let dopo = 0
  for (;;) {
    if (ctx.signal.aborted) throw new JobDeferred(0, 'anonymisation stopped at shutdown')
    const ids = (await rowsOf(db, lottoCittadini(oggi, dopo, lotto))).map((x) => Number(x.id))
    if (ids.length === 0) break
    const parte = await db.transaction(async (tx) => {
      const [stats] = await rowsOf(tx, sql`select count(*) filter (where tipo_conferimento_consenso is not null) as consensi
        from cittadino where id = any(${sql.param(ids)}::bigint[])`)
      let cittadini = 0, questionari = 0
      for (const id of ids) {
        const n = await anonimizzaCittadino(tx, id, 'conservazione')
        if (n === null) continue
        cittadini += 1
        questionari += n
      }
      const p = { cittadini, questionari, consensi: Number(stats?.consensi ?? 0) }
      await tx.update(conservazioneRapporto).set({ esito: somma(gia, somma(fatto, p)) }).where(eq(conservazioneRapporto.id, idRapporto))
      return p
    })
    fatto = somma(fatto, parte)
    // the access register (issue 28 part 1): each batch, by count, never who
    registraAccesso(null, { entita: 'cittadino', righe: parte.cittadini, azione: 'anonimizzazione', esito: 'ok', dettaglio: `rapporto ${idRapporto}` })
    dopo = ids.at(-1)!
    await ctx.progress(Math.min(99, Math.floor((fatto.cittadini * 100) / totale)))
  }
  dopo = 0
  for (;;) {
    if (ctx.signal.aborted) throw new JobDeferred(0, 'anonymisation stopped at shutdown')
    const ids = (await rowsOf(db, lottoUtenti(oggi, dopo, lotto))).map((x) => Number(x.id))
    if (ids.length === 0) break
    const n = await db.transaction(async (tx) => {
      let utenti = 0
      for (const id of ids) if (await anonimizzaUtente(tx, id)) utenti += 1
      await tx.update(conservazioneRapporto).set({ esito: somma(gia, somma(fatto, { utenti })) }).where(eq(conservazioneRapporto.id, idRapporto))
      return utenti
    })
    fatto = somma(fatto, { utenti: n })
    registraAccesso(null, { entita: 'utente', righe: n, azione: 'anonimizzazione', esito: 'ok', dettaglio: `rapporto ${idRapporto}` })
    dopo = ids.at(-1)!
  }
  await eliminaFile(db, r.file.map((f) => f.id), opts.storage)
  // the services stay (they are counted): those whose citizens were anonymised, as counted when the run started
  fatto = somma(fatto, { servizi: ora.totali.servizi })
  await db.update(conservazioneRapporto).set({ stato: 'ESEGUITO', eseguitoIl: new Date(), esito: somma(gia, fatto) }).where(eq(conservazioneRapporto.id, idRapporto))
  await ctx.progress(100)
  return { esito: 'eseguito', fatto: somma(gia, fatto) }
}

/** Deletes the stored copies of finished mass uploads `ids` and their rejected rows' cells. */
async function eliminaFile(db: Database, ids: number[], storage?: FileStorage): Promise<void> {
  if (ids.length === 0) return
  const finiti = and(inArray(registroAttivita.id, ids), ne(sql`coalesce(${registroAttivita.jobStatus}, '')`, 'IN_PROGRESS'))
  const conFile = await db.select({ id: registroAttivita.id, percorso: registroAttivita.percorsoFile }).from(registroAttivita)
    .where(and(finiti, sql`${registroAttivita.percorsoFile} is not null`))
  for (const f of conFile) {
    if (!f.percorso) continue
    if (isAbsolute(f.percorso)) await rm(f.percorso, { force: true })
    else await storage?.delete(f.percorso)
    await db.update(registroAttivita).set({ percorsoFile: null }).where(eq(registroAttivita.id, f.id))
  }
  await db.update(registroAttivitaRiga).set({ valori: null }).where(inArray(registroAttivitaRiga.idRegistroAttivita, ids))
}
