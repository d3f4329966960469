/**
 * Per-id checks of the administrative calls (platform-backend §4.4 "Per-id checks", error A02): whether
 * the caller's role and profile may act on a programme, project, body or site named by a path.
 * - DTD and custom roles: always;
 * - DSCU: the programme is SCD (project: its programme; body: in some SCD programme; site: used in one);
 * - REG/DEG: the programme is the profile's; the project belongs to it; the body manages it, one of its
 *   projects or is a partner there; the site is used in it;
 * - REGP/DEGP: the project is the profile's (programme: the profile's); the body and site are in it;
 * - REPP/DEPP: as REGP/DEGP, but the body must be the profile body;
 * - FAC/VOL: programme and project the profile's; body the profile body; site one they work on;
 * - MOD: never.
 * Each check answers 404 (`notFoundCode`) when the entity does not exist, 403 A02 when out of scope.
 * The role's reach is the caller's scope (`scopeOf`, server/domain/ambito/); this file turns it into the
 * per-id questions.
 */
import { and, eq, sql } from 'drizzle-orm'
import { ente, entePartner, enteSedeProgetto, enteSedeProgettoFacilitatore, programma, progetto } from '../../db/schema'
import type { Executor } from '../../db/types'
import { forbidden, notFound } from '../../errors'
import { bodyBound, projectBound, scopeOf } from '../ambito'
import type { Caller } from '../profile'

export const denied = () => forbidden('A02', 'Il tuo profilo non consente di operare su questa risorsa.')

/** The programme row (id, policy, stato) after the per-id check. */
export async function checkProgramma(db: Executor, caller: Caller, idProgramma: number, notFoundCode = 'C01') {
  const [row] = await db.select().from(programma).where(eq(programma.id, idProgramma))
  if (!row) throw notFound(notFoundCode)
  const s = scopeOf(caller)
  if (s.kind === 'all') return row
  if (s.kind === 'scd' ? row.policy !== 'SCD' : s.kind === 'none' || s.idProgramma !== row.id) throw denied()
  return row
}

/** The project row with its programme's policy after the per-id check. */
export async function checkProgetto(db: Executor, caller: Caller, idProgetto: number, notFoundCode = 'C01') {
  const [row] = await db.select({ p: progetto, policy: programma.policy, statoProgramma: programma.stato })
    .from(progetto).innerJoin(programma, eq(programma.id, progetto.idProgramma)).where(eq(progetto.id, idProgetto))
  if (!row) throw notFound(notFoundCode)
  const s = scopeOf(caller)
  const ok = s.kind === 'all' || (s.kind === 'scd' && row.policy === 'SCD')
    || (s.kind === 'programma' && s.idProgramma === row.p.idProgramma)
    || (projectBound(s) && s.idProgetto === row.p.id)
  if (!ok) throw denied()
  return { ...row.p, policy: row.policy, statoProgramma: row.statoProgramma }
}

/** SQL: the body takes part (managing body of programme or project, or partner) in a programme matching `prg`. */
function bodyInProgrammes(idEnte: number, prg: ReturnType<typeof sql>) {
  return sql`(
    exists (select 1 from ${programma} where ${programma.idEnteGestoreProgramma} = ${idEnte} and ${prg})
    or exists (select 1 from ${progetto} join ${programma} on ${programma.id} = ${progetto.idProgramma}
               where ${progetto.idEnteGestoreProgetto} = ${idEnte} and ${prg})
    or exists (select 1 from ${entePartner} join ${progetto} on ${progetto.id} = ${entePartner.idProgetto}
               join ${programma} on ${programma.id} = ${progetto.idProgramma} where ${entePartner.idEnte} = ${idEnte} and ${prg}))`
}

/** True when the body takes part in the project (managing body, partner or a body-site). */
function bodyInProject(idEnte: number, idProgetto: number) {
  return sql`(
    exists (select 1 from ${progetto} where ${progetto.id} = ${idProgetto} and ${progetto.idEnteGestoreProgetto} = ${idEnte})
    or exists (select 1 from ${entePartner} where ${entePartner.idProgetto} = ${idProgetto} and ${entePartner.idEnte} = ${idEnte}))`
}

/** Per-id check of a body (the body must exist: the caller checks that first). */
export async function checkEnte(db: Executor, caller: Caller, idEnte: number): Promise<void> {
  const s = scopeOf(caller)
  if (s.kind === 'all') return
  if (bodyBound(s)) {
    if (s.idEnte !== idEnte) throw denied()
    return
  }
  let cond
  if (s.kind === 'scd') cond = bodyInProgrammes(idEnte, sql`${programma.policy} = 'SCD'`)
  else if (s.kind === 'programma') cond = bodyInProgrammes(idEnte, sql`${programma.id} = ${s.idProgramma}`)
  else if (s.kind === 'progetto') cond = bodyInProject(idEnte, s.idProgetto)
  else cond = sql`false`
  const [row] = await db.select({ ok: sql<boolean>`${cond}` }).from(ente).where(eq(ente.id, idEnte))
  if (row?.ok !== true) throw denied()
}

/** Per-id check of a site (platform-backend §4.4 `idSede`); the site must exist. */
export async function checkSede(db: Executor, caller: Caller, idSede: number): Promise<void> {
  const s = scopeOf(caller)
  if (s.kind === 'all') return
  const base = db.select({ one: enteSedeProgetto.idSede }).from(enteSedeProgetto)
    .innerJoin(progetto, eq(progetto.id, enteSedeProgetto.idProgetto))
    .innerJoin(programma, eq(programma.id, progetto.idProgramma))
  let where
  if (s.kind === 'scd') where = and(eq(enteSedeProgetto.idSede, idSede), eq(programma.policy, 'SCD'))
  else if (s.kind === 'programma') where = and(eq(enteSedeProgetto.idSede, idSede), eq(programma.id, s.idProgramma))
  else if (s.kind === 'campo') {
    const [row] = await db.select({ one: enteSedeProgettoFacilitatore.idSede }).from(enteSedeProgettoFacilitatore).where(and(
      eq(enteSedeProgettoFacilitatore.idSede, idSede), eq(enteSedeProgettoFacilitatore.idFacilitatore, caller.principal.userId),
      eq(enteSedeProgettoFacilitatore.idProgetto, s.idProgetto), eq(enteSedeProgettoFacilitatore.idEnte, s.idEnte))).limit(1)
    if (!row) throw denied()
    return
  } else if (s.kind === 'progetto' || s.kind === 'partner') {
    where = and(eq(enteSedeProgetto.idSede, idSede), eq(enteSedeProgetto.idProgetto, s.idProgetto),
      s.kind === 'partner' ? eq(enteSedeProgetto.idEnte, s.idEnte) : undefined)
  } else throw denied()
  const [row] = await base.where(where).limit(1)
  if (!row) throw denied()
}
