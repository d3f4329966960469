/**
 * Which services a caller may see (platform-backend §4.4 row `POST /servizio/all`, for every role, and
 * the per-service card rule with defect §16.5 fixed: whoever lists a service may view its card):
 * - DTD and custom roles: all;
 * - DSCU: services of SCD programmes;
 * - REG / DEG: services of the profile programme;
 * - REGP / DEGP and REPP / DEPP: services of the profile project (partners see the whole project, as in
 *   the reference: the service's own body is not filtered);
 * - FAC / VOL: their own services in the profile project and body;
 * - MOD (community only): none.
 * The condition reads `servizio`, `progetto` and `programma`: queries join the three.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm'
import { programma, progetto, servizio } from '../db/schema'
import type { Executor } from '../db/types'
import type { Caller } from './profile'

const NOTHING = sql`false`

/** The SQL condition on servizio ⋈ progetto ⋈ programma, or undefined for "all". */
export function serviceScope(caller: Caller): SQL | undefined {
  const p = caller.profilo
  switch (caller.codiceRuolo) {
    case 'DTD':
      return undefined
    case 'DSCU':
      return eq(programma.policy, 'SCD')
    case 'REG':
    case 'DEG':
      return p.idProgramma === null ? NOTHING : eq(progetto.idProgramma, p.idProgramma)
    case 'REGP':
    case 'DEGP':
    case 'REPP':
    case 'DEPP':
      return p.idProgetto === null ? NOTHING : eq(servizio.idProgetto, p.idProgetto)
    case 'FAC':
    case 'VOL':
      if (p.idProgetto === null || p.idEnte === null) return NOTHING
      return and(eq(servizio.idFacilitatore, caller.principal.userId), eq(servizio.idProgetto, p.idProgetto), eq(servizio.idEnte, p.idEnte))
    case 'MOD':
      return NOTHING
    default:
      return undefined // custom roles: as DTD (platform-backend §4.4)
  }
}

/** True when the service exists and the caller may see it. */
export async function serviceVisible(db: Executor, caller: Caller, idServizio: number): Promise<boolean> {
  const [row] = await db.select({ id: servizio.id }).from(servizio)
    .innerJoin(progetto, eq(progetto.id, servizio.idProgetto))
    .innerJoin(programma, eq(programma.id, progetto.idProgramma))
    .where(and(eq(servizio.id, idServizio), serviceScope(caller)))
  return row !== undefined
}
