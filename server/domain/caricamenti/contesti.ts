/**
 * Who may upload, and where (issue 10 point 5; platform-frontend §2.4 "hard-coded role checks", §7.4):
 * the reference offers the upload to the referent of the project's managing body (REGP) on its body and
 * to the referent of a partner body (REPP) on its partner page; a programme's referent (REG) may upload
 * for any project of the programme, on the project's managing body. A DTD sees the registry only (no
 * upload), as in the reference; every other role has no upload. Terminated projects take no uploads.
 */
import { and, eq, ne, sql } from 'drizzle-orm'
import type { ContestoUpload } from '../../../src/api/contract/caricamenti'
import { ente, entePartner, programma, progetto, STATO } from '../../db/schema'
import type { Executor } from '../../db/types'
import type { Caller } from '../profile'

/** Roles that upload. */
export const RUOLI_UPLOAD = ['REG', 'REGP', 'REPP'] as const

/** The contexts the caller may upload into (empty for the other roles). */
export async function contestiUpload(db: Executor, caller: Caller): Promise<ContestoUpload[]> {
  const p = caller.profilo
  const base = {
    idProgramma: programma.id, nomeProgramma: programma.nome, idProgetto: progetto.id, nomeProgetto: progetto.nome,
    idEnte: ente.id, nomeEnte: ente.nome, policy: programma.policy,
  }
  const open = ne(progetto.stato, STATO.TERMINATO)
  switch (caller.codiceRuolo) {
    case 'REG':
      if (p.idProgramma === null) return []
      return db.select(base).from(progetto)
        .innerJoin(programma, eq(programma.id, progetto.idProgramma))
        .innerJoin(ente, eq(ente.id, progetto.idEnteGestoreProgetto))
        .where(and(eq(progetto.idProgramma, p.idProgramma), open)).orderBy(progetto.nome)
    case 'REGP':
      if (p.idProgetto === null || p.idEnte === null) return []
      return db.select(base).from(progetto)
        .innerJoin(programma, eq(programma.id, progetto.idProgramma))
        .innerJoin(ente, eq(ente.id, p.idEnte))
        .where(and(eq(progetto.id, p.idProgetto), eq(progetto.idEnteGestoreProgetto, p.idEnte), open))
    case 'REPP':
      if (p.idProgetto === null || p.idEnte === null) return []
      return db.select(base).from(progetto)
        .innerJoin(programma, eq(programma.id, progetto.idProgramma))
        .innerJoin(entePartner, and(eq(entePartner.idProgetto, progetto.id), eq(entePartner.idEnte, p.idEnte)))
        .innerJoin(ente, eq(ente.id, entePartner.idEnte))
        .where(and(eq(progetto.id, p.idProgetto), open, sql`${entePartner.statoEntePartner} <> ${STATO.TERMINATO}`))
    default:
      return []
  }
}
