/**
 * Who may upload, and where (issue 10 point 5; platform-frontend §2.4 "hard-coded role checks", §7.4):
 * the reference offers the upload to the referent of the project's managing body (REGP) on its body and
 * to the referent of a partner body (REPP) on its partner page; a programme's referent (REG) may upload
 * for any project of the programme, on the project's managing body. A DTD sees the registry only (no
 * upload), as in the reference; every other role has no upload. Terminated projects take no uploads.
 * The uploading roles are named in src/lib/ruoli.ts (`RUOLI_CARICAMENTO`); where each uploads is its scope
 * (`scopeOf`, server/domain/ambito/): the programme, the project's managing body, the partner body.
 */
import { and, eq, ne, sql } from 'drizzle-orm'
import type { ContestoUpload } from '../../../src/api/contract/caricamenti'
import { ente, entePartner, programma, progetto, STATO } from '../../db/schema'
import type { Executor } from '../../db/types'
import { inGruppo, RUOLI_CARICAMENTO } from '../../../src/lib/ruoli'
import { scopeOf } from '../ambito'
import type { Caller } from '../profile'

/** Roles that upload (the referents of src/lib/ruoli.ts `RUOLI_CARICAMENTO`). */
export const RUOLI_UPLOAD = RUOLI_CARICAMENTO

/** True when the caller's role uploads. */
const uploads = (caller: Caller): boolean => inGruppo(RUOLI_UPLOAD, caller.codiceRuolo)

/** The contexts the caller may upload into (empty for the other roles). */
export async function contestiUpload(db: Executor, caller: Caller): Promise<ContestoUpload[]> {
  if (!uploads(caller)) return []
  const s = scopeOf(caller)
  const base = {
    idProgramma: programma.id, nomeProgramma: programma.nome, idProgetto: progetto.id, nomeProgetto: progetto.nome,
    idEnte: ente.id, nomeEnte: ente.nome, policy: programma.policy,
  }
  const open = ne(progetto.stato, STATO.TERMINATO)
  switch (s.kind) {
    case 'programma':
      return db.select(base).from(progetto)
        .innerJoin(programma, eq(programma.id, progetto.idProgramma))
        .innerJoin(ente, eq(ente.id, progetto.idEnteGestoreProgetto))
        .where(and(eq(progetto.idProgramma, s.idProgramma), open)).orderBy(progetto.nome)
    case 'progetto':
      if (caller.profilo.idEnte === null) return []
      return db.select(base).from(progetto)
        .innerJoin(programma, eq(programma.id, progetto.idProgramma))
        .innerJoin(ente, eq(ente.id, s.idEnte))
        .where(and(eq(progetto.id, s.idProgetto), eq(progetto.idEnteGestoreProgetto, s.idEnte), open))
    case 'partner':
      return db.select(base).from(progetto)
        .innerJoin(programma, eq(programma.id, progetto.idProgramma))
        .innerJoin(entePartner, and(eq(entePartner.idProgetto, progetto.id), eq(entePartner.idEnte, s.idEnte)))
        .innerJoin(ente, eq(ente.id, entePartner.idEnte))
        .where(and(eq(progetto.id, s.idProgetto), open, sql`${entePartner.statoEntePartner} <> ${STATO.TERMINATO}`))
    default:
      return []
  }
}
