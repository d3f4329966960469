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
 */
import { and, eq, sql } from 'drizzle-orm'
import { ente, entePartner, enteSedeProgetto, enteSedeProgettoFacilitatore, programma, progetto } from '../../db/schema'
import type { Executor } from '../../db/types'
import { forbidden, notFound } from '../../errors'
import type { Caller } from '../profile'

const GLOBAL = (r: string) => !['DSCU', 'REG', 'DEG', 'REGP', 'DEGP', 'REPP', 'DEPP', 'FAC', 'VOL', 'MOD'].includes(r)
const PROGRAMME = (r: string) => r === 'REG' || r === 'DEG'
const PROJECT = (r: string) => ['REGP', 'DEGP', 'REPP', 'DEPP', 'FAC', 'VOL'].includes(r)
const BODY_BOUND = (r: string) => ['REPP', 'DEPP', 'FAC', 'VOL'].includes(r)

export const denied = () => forbidden('A02', 'Il tuo profilo non consente di operare su questa risorsa.')

/** The programme row (id, policy, stato) after the per-id check. */
export async function checkProgramma(db: Executor, caller: Caller, idProgramma: number, notFoundCode = 'C01') {
  const [row] = await db.select().from(programma).where(eq(programma.id, idProgramma))
  if (!row) throw notFound(notFoundCode)
  const r = caller.codiceRuolo
  if (GLOBAL(r)) return row
  if (r === 'DSCU' ? row.policy !== 'SCD' : caller.profilo.idProgramma !== row.id) throw denied()
  return row
}

/** The project row with its programme's policy after the per-id check. */
export async function checkProgetto(db: Executor, caller: Caller, idProgetto: number, notFoundCode = 'C01') {
  const [row] = await db.select({ p: progetto, policy: programma.policy, statoProgramma: programma.stato })
    .from(progetto).innerJoin(programma, eq(programma.id, progetto.idProgramma)).where(eq(progetto.id, idProgetto))
  if (!row) throw notFound(notFoundCode)
  const r = caller.codiceRuolo
  const ok = GLOBAL(r) || (r === 'DSCU' && row.policy === 'SCD')
    || (PROGRAMME(r) && caller.profilo.idProgramma === row.p.idProgramma)
    || (PROJECT(r) && caller.profilo.idProgetto === row.p.id)
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
  const r = caller.codiceRuolo
  const p = caller.profilo
  if (GLOBAL(r)) return
  if (BODY_BOUND(r)) {
    if (p.idEnte !== idEnte) throw denied()
    return
  }
  let cond
  if (r === 'DSCU') cond = bodyInProgrammes(idEnte, sql`${programma.policy} = 'SCD'`)
  else if (PROGRAMME(r)) cond = p.idProgramma === null ? sql`false` : bodyInProgrammes(idEnte, sql`${programma.id} = ${p.idProgramma}`)
  else if (PROJECT(r)) cond = p.idProgetto === null ? sql`false` : bodyInProject(idEnte, p.idProgetto)
  else cond = sql`false`
  const [row] = await db.select({ ok: sql<boolean>`${cond}` }).from(ente).where(eq(ente.id, idEnte))
  if (row?.ok !== true) throw denied()
}

/** Per-id check of a site (platform-backend §4.4 `idSede`); the site must exist. */
export async function checkSede(db: Executor, caller: Caller, idSede: number): Promise<void> {
  const r = caller.codiceRuolo
  const p = caller.profilo
  if (GLOBAL(r)) return
  const base = db.select({ one: enteSedeProgetto.idSede }).from(enteSedeProgetto)
    .innerJoin(progetto, eq(progetto.id, enteSedeProgetto.idProgetto))
    .innerJoin(programma, eq(programma.id, progetto.idProgramma))
  let where
  if (r === 'DSCU') where = and(eq(enteSedeProgetto.idSede, idSede), eq(programma.policy, 'SCD'))
  else if (PROGRAMME(r)) where = and(eq(enteSedeProgetto.idSede, idSede), eq(programma.id, p.idProgramma ?? -1))
  else if (r === 'FAC' || r === 'VOL') {
    const [row] = await db.select({ one: enteSedeProgettoFacilitatore.idSede }).from(enteSedeProgettoFacilitatore).where(and(
      eq(enteSedeProgettoFacilitatore.idSede, idSede), eq(enteSedeProgettoFacilitatore.idFacilitatore, caller.principal.userId),
      eq(enteSedeProgettoFacilitatore.idProgetto, p.idProgetto ?? -1), eq(enteSedeProgettoFacilitatore.idEnte, p.idEnte ?? -1))).limit(1)
    if (!row) throw denied()
    return
  } else if (PROJECT(r)) {
    where = and(eq(enteSedeProgetto.idSede, idSede), eq(enteSedeProgetto.idProgetto, p.idProgetto ?? -1),
      BODY_BOUND(r) ? eq(enteSedeProgetto.idEnte, p.idEnte ?? -1) : undefined)
  } else throw denied()
  const [row] = await base.where(where).limit(1)
  if (!row) throw denied()
}
