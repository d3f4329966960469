/**
 * The facilitation points of a programme (spec 002 §2 detail steps 1 and 4; platform-backend §1.1
 * `ente_sede_progetto`, `ente_sede_progetto_facilitatore`): every body-site of its projects with the
 * project, the body's role and the facilitators/volunteers of that body-site. Per-id check of the
 * programme (§4.4, A02); rows ordered by project, site and body.
 */
import { and, eq } from 'drizzle-orm'
import type { SediProgramma } from '../../../src/api/contract/programma-sedi'
import { ente, enteSedeProgetto, enteSedeProgettoFacilitatore, progetto, sede, utente } from '../../db/schema'
import type { Executor } from '../../db/types'
import type { Caller } from '../profile'
import { checkProgramma } from './accesso'

/** `POST /programma/{id}/sedi`. */
export async function sediProgramma(db: Executor, caller: Caller, id: number): Promise<SediProgramma> {
  await checkProgramma(db, caller, id)
  const rows = await db.select({
    idSede: sede.id, nome: sede.nome, idEnte: ente.id, nomeEnte: ente.nome, ruoloEnte: enteSedeProgetto.ruoloEnte, stato: enteSedeProgetto.statoSede,
    idProgetto: progetto.id, nomeProgetto: progetto.nome,
  }).from(enteSedeProgetto)
    .innerJoin(progetto, eq(progetto.id, enteSedeProgetto.idProgetto))
    .innerJoin(sede, eq(sede.id, enteSedeProgetto.idSede))
    .innerJoin(ente, eq(ente.id, enteSedeProgetto.idEnte))
    .where(eq(progetto.idProgramma, id))
    .orderBy(progetto.nome, sede.nome, ente.nome)
  const facs = await db.select({
    idProgetto: enteSedeProgettoFacilitatore.idProgetto, idSede: enteSedeProgettoFacilitatore.idSede, idEnte: enteSedeProgettoFacilitatore.idEnte,
    idUtente: utente.id, nome: utente.nome, cognome: utente.cognome, codiceRuolo: enteSedeProgettoFacilitatore.ruoloUtente, stato: enteSedeProgettoFacilitatore.statoUtente,
  }).from(enteSedeProgettoFacilitatore)
    .innerJoin(progetto, eq(progetto.id, enteSedeProgettoFacilitatore.idProgetto))
    .innerJoin(utente, eq(utente.id, enteSedeProgettoFacilitatore.idFacilitatore))
    .where(and(eq(progetto.idProgramma, id)))
    .orderBy(utente.cognome, utente.nome)
  return {
    sedi: rows.map((s) => ({
      ...s,
      facilitatori: facs.filter((f) => f.idProgetto === s.idProgetto && f.idSede === s.idSede && f.idEnte === s.idEnte)
        .map(({ idUtente, nome, cognome, codiceRuolo, stato }) => ({ idUtente, nome, cognome, codiceRuolo, stato })),
    })),
  }
}
