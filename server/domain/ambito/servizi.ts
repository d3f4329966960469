/**
 * Which services and citizens a caller may see (platform-backend §4.4 row `POST /servizio/all`, for every
 * role, and the per-service card rule with defect §16.5 fixed: whoever lists a service may view its card),
 * derived from the caller's scope (`scopeOf`, ./scope.ts):
 * - `all` (DTD and custom roles): all;
 * - `scd` (DSCU): services of SCD programmes;
 * - `programma` (REG / DEG): services of the profile programme;
 * - `progetto` and `partner` (REGP / DEGP and REPP / DEPP): services of the profile project (partners see
 *   the whole project, as in the reference: the service's own body is not filtered);
 * - `campo` (FAC / VOL): their own services in the profile project and body;
 * - `none` (MOD, or a profile without the ids its role needs): none.
 * The condition reads `servizio`, `progetto` and `programma`: queries join the three. The services list,
 * its CSV, the data area, the citizens registry, the survey pages and the mass upload all read it.
 *
 * A citizen is within a caller's scope when it is on a service the caller sees (`citizensInScope`,
 * security issue 6 item 4; platform-backend §4.4 row `POST /cittadino/all`: FAC/VOL see the citizens of
 * their own services in the profile project and body). Outside it, a caller learns only that the citizen
 * exists and what the identifier typed at the desk itself says.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { programma, progetto, servizio, servizioXCittadino } from '../../db/schema'
import type { Executor } from '../../db/types'
import type { Caller } from '../profile'
import { scopeOf } from './scope'

const NOTHING = sql`false`

/** The SQL condition on servizio ⋈ progetto ⋈ programma, or undefined for "all". */
export function serviceScope(caller: Caller): SQL | undefined {
  const s = scopeOf(caller)
  switch (s.kind) {
    case 'all': return undefined
    case 'scd': return eq(programma.policy, 'SCD')
    case 'programma': return eq(progetto.idProgramma, s.idProgramma)
    case 'progetto': case 'partner': return eq(servizio.idProgetto, s.idProgetto)
    case 'campo': return ownServices({ userId: caller.principal.userId, idProgetto: s.idProgetto, idEnte: s.idEnte })
    case 'none': return NOTHING
  }
}

/** The services of a field profile (`campo`): created by the user in the profile's project and body; on `servizio` alone. */
export function ownServices(f: { userId: number; idProgetto: number; idEnte: number }): SQL {
  return and(eq(servizio.idFacilitatore, f.userId), eq(servizio.idProgetto, f.idProgetto), eq(servizio.idEnte, f.idEnte)) as SQL
}

/** True when the service exists and the caller may see it. */
export async function serviceVisible(db: Executor, caller: Caller, idServizio: number): Promise<boolean> {
  const [row] = await db.select({ id: servizio.id }).from(servizio)
    .innerJoin(progetto, eq(progetto.id, servizio.idProgetto))
    .innerJoin(programma, eq(programma.id, progetto.idProgramma))
    .where(and(eq(servizio.id, idServizio), serviceScope(caller)))
  return row !== undefined
}

/** The ids among `idCittadini` of the citizens on at least one service the caller sees (see the module comment). */
export async function citizensInScope(db: Executor, caller: Caller, idCittadini: number[]): Promise<Set<number>> {
  if (idCittadini.length === 0) return new Set()
  const rows = await db.selectDistinct({ id: servizioXCittadino.idCittadino }).from(servizioXCittadino)
    .innerJoin(servizio, eq(servizio.id, servizioXCittadino.idServizio))
    .innerJoin(progetto, eq(progetto.id, servizio.idProgetto))
    .innerJoin(programma, eq(programma.id, progetto.idProgramma))
    .where(and(inArray(servizioXCittadino.idCittadino, idCittadini), serviceScope(caller)))
  return new Set(rows.map((r) => r.id))
}
