/**
 * Retention of the access register (issue 28 part 1): the job kind `registro.pulizia` (server/jobs/index.ts), daily,
 * deletes the rows older than {@link MESI_CONSERVAZIONE} months and writes, in the same transaction, one row
 * recording the removal (action `pulizia_registro`, `righe` = rows removed). The append-only trigger of migration
 * 0022 lets a DELETE through only in a transaction that set `pd.registro_pulizia = 'on'` (SET LOCAL: it ends with
 * the transaction); nothing else in the application sets it.
 */
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/types'
import { inserisciRighe } from './scrittore'
import type { RigaRegistro } from './tipi'

export const JOB_REGISTRO_PULIZIA = 'registro.pulizia'
/** Months a register row is kept. */
export const MESI_CONSERVAZIONE = 12

/** The oldest instant kept: `MESI_CONSERVAZIONE` months before `now`. */
export function limiteConservazione(now: Date): Date {
  const d = new Date(now)
  d.setUTCMonth(d.getUTCMonth() - MESI_CONSERVAZIONE)
  return d
}

/** Removes the rows older than 12 months and records the removal; resolves the number removed. */
export async function puliziaRegistro(db: Database, now = new Date()): Promise<{ rimosse: number; prima: Date }> {
  const prima = limiteConservazione(now)
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local pd.registro_pulizia = 'on'`)
    const res = await tx.execute(sql`with d as (delete from registro_accessi where quando < ${prima.toISOString()}::timestamptz returning 1) select count(*)::int as n from d`) as unknown as { rows: { n: number }[] }
    const rimosse = Number(res.rows[0]?.n ?? 0)
    const riga: RigaRegistro = {
      quando: now, idUtente: null, codiceRuolo: null, idProgramma: null, idProgetto: null, idEnte: null,
      entita: 'registro_accessi', idEntita: null, righe: rimosse, azione: 'pulizia_registro', esito: 'ok',
      idRichiesta: null, indirizzo: null, dettaglio: `righe anteriori al ${prima.toISOString().slice(0, 10)}`,
    }
    await inserisciRighe(tx, [riga])
    return { rimosse, prima }
  })
}
