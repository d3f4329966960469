/**
 * The start of a mass-upload job (issue 10 point 5; platform-backend §8.1), as the upload route needs it once
 * the file passed its checks: one job running per project and body (409 CM01, also under concurrent uploads:
 * the unique index `registro_attivita_in_corso_uq`), and the job's row created IN_PROGRESS with the file's key.
 */
import { and, eq } from 'drizzle-orm'
import { registroAttivita } from '../../db/schema'
import type { Database } from '../../db/types'
import { conflict } from '../../errors'
import { isUniqueViolation } from '../db-errors'
import { JOB_STATUS } from './esito'

/** 409 CM01 when a job of this project and body is still running. */
export async function verificaNessunoInCorso(db: Database, idProgetto: number, idEnte: number): Promise<void> {
  const [running] = await db.select({ id: registroAttivita.id }).from(registroAttivita).where(and(
    eq(registroAttivita.idProgetto, idProgetto), eq(registroAttivita.idEnte, idEnte), eq(registroAttivita.jobStatus, JOB_STATUS.IN_PROGRESS)))
  if (running) throw conflict('CM01')
}

/** The uploaded job as the route describes it. */
export interface NuovoCaricamento {
  idProgetto: number
  idEnte: number
  idProgramma: number
  operatore: string
  idUtente: number
  codiceRuolo: string
  jobUuid: string
  formato: 'csv' | 'xlsx'
  /** the file's key in the file storage */
  chiave: string
  totaleRighe: number
}

/** Creates the job's row IN_PROGRESS; returns its id. 409 CM01 when another upload into the same project and body started meanwhile. */
export async function registraCaricamento(db: Database, c: NuovoCaricamento): Promise<number> {
  try {
    const [job] = await db.insert(registroAttivita).values({
      idEnte: c.idEnte, idProgetto: c.idProgetto, idProgramma: c.idProgramma, operatore: c.operatore, idUtente: c.idUtente, codiceRuolo: c.codiceRuolo,
      jobUuid: c.jobUuid, jobStatus: JOB_STATUS.IN_PROGRESS, estensioneInput: c.formato, percorsoFile: c.chiave, totaleRigheFile: c.totaleRighe,
      dataOraAggiornamento: new Date(),
    }).returning({ id: registroAttivita.id })
    return job!.id
  } catch (err) {
    // registro_attivita_in_corso_uq
    if (isUniqueViolation(err)) throw conflict('CM01')
    throw err
  }
}
