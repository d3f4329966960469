/**
 * How a mass-upload job ends (issue 10 point 5; platform-backend §8.3): SUCCESS with its counters read from the
 * recorded rows, or GENERIC_FAIL with every row it applied undone (by its `cod_inserimento`), so that uploading
 * the file again never doubles anything. Either way the job's file is deleted and its claim cleared.
 */
import { isAbsolute } from 'node:path'
import { rmSync } from 'node:fs'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { cittadino, questionarioCompilato, registroAttivita, registroAttivitaRiga, servizio, servizioXCittadino } from '../../db/schema'
import type { Database } from '../../db/types'
import type { FileStorage } from '../../storage/index'

export const JOB_STATUS = { IN_PROGRESS: 'IN_PROGRESS', SUCCESS: 'SUCCESS', GENERIC_FAIL: 'GENERIC_FAIL' } as const

/**
 * Tables a mass upload fills, analysed when a job ends: PGlite has no autovacuum, so without this its planner
 * never gets statistics for them and guesses (a facilitator's scope of one service, a third of the citizens
 * changed), e.g. reading every instance of the field window to find the few citizens an incremental field sync
 * sends (server/domain/campo-sync.ts). On PostgreSQL it gives the planner fresh figures before autovacuum does.
 */
export const TABELLE_CARICAMENTO = ['servizio', 'questionario_compilato', 'cittadino', 'servizio_x_cittadino'] as const

/** Deletes the job's file (disk path or storage key). */
async function removeFile(storage: FileStorage | undefined, percorso: string | null) {
  if (!percorso) return
  if (isAbsolute(percorso)) rmSync(percorso, { force: true })
  else await storage?.delete(percorso)
}

/** SUCCESS: the counters from the recorded rows, the file deleted, the filled tables analysed (best effort). */
export async function concludiCaricamento(db: Database, storage: FileStorage | undefined, idRegistro: number, percorso: string | null,
  log?: Pick<FastifyBaseLogger, 'warn'>): Promise<void> {
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
  await removeFile(storage, percorso)
  // best effort: the job has succeeded; stale statistics only cost speed
  await db.execute(sql.raw(`analyze ${TABELLE_CARICAMENTO.join(', ')}`))
    .catch((err: unknown) => log?.warn({ err, idRegistro }, 'mass upload: analyze failed'))
}

/** GENERIC_FAIL with `reason` and every row of the job undone (services, links, surveys, citizens it created); the file deleted. */
export async function annullaCaricamento(db: Database, storage: FileStorage | undefined, idRegistro: number, codInserimento: string, reason: string,
  percorso: string | null): Promise<void> {
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
  await removeFile(storage, percorso)
}
