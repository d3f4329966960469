/**
 * Which programmes, projects, bodies and users a caller sees (platform-backend §4.4, with defect §16.4
 * fixed: FAC/VOL see only their profile body). The profile ids come from the verified principal's
 * profile (`Caller.profilo`, server/domain/profile.ts), never from the body. The role's level is the
 * shared rule of src/lib/ruoli.ts (`livelloRuolo`): this is the one place a role becomes a data scope.
 *
 * | role | programmes | projects | bodies | users |
 * |---|---|---|---|---|
 * | DTD, custom roles | all | all | all | all |
 * | DSCU | SCD | of SCD programmes | with a role in an SCD programme | linked to an SCD programme |
 * | REG / DEG | profile programme | of the profile programme | its managing body, project managers, partners | linked to the programme |
 * | REGP / DEGP | profile programme | profile project | project manager and partners | linked to the project |
 * | REPP / DEPP | profile programme | profile project | partner bodies of the project | referents and facilitators of the profile partner body in the project |
 * | FAC / VOL | profile programme | profile project | the profile body | none |
 * | MOD | none | none | none | none |
 */
import { livelloRuolo } from '../../../src/lib/ruoli'
import type { Caller } from '../profile'

/** The scope kinds of the table above. */
export type ScopeKind = 'all' | 'scd' | 'programma' | 'progetto' | 'partner' | 'campo' | 'none'

/** The caller's scope: its kind and the profile ids it needs (null ids mean an unusable profile: nothing). */
export interface Scope { kind: ScopeKind; idProgramma: number; idProgetto: number; idEnte: number }

/** The scope of `caller` by role; a scoped role whose profile lacks the ids it needs sees nothing. */
export function scopeOf(caller: Caller): Scope {
  const p = caller.profilo
  const ids = { idProgramma: p.idProgramma ?? -1, idProgetto: p.idProgetto ?? -1, idEnte: p.idEnte ?? -1 }
  const need = (kind: ScopeKind, ...fields: ('idProgramma' | 'idProgetto' | 'idEnte')[]): Scope =>
    fields.every((f) => p[f] !== null && p[f] !== undefined) ? { kind, ...ids } : { kind: 'none', ...ids }
  switch (livelloRuolo(caller.codiceRuolo)) {
    case 'tutto': return { kind: 'all', ...ids } // DTD and custom roles (platform-backend §4.4)
    case 'scd': return { kind: 'scd', ...ids }
    case 'programma': return need('programma', 'idProgramma')
    case 'progetto': return need('progetto', 'idProgramma', 'idProgetto')
    case 'partner': return need('partner', 'idProgramma', 'idProgetto', 'idEnte')
    case 'campo': return need('campo', 'idProgramma', 'idProgetto', 'idEnte')
    case 'nessuno': return { kind: 'none', ...ids }
  }
}

/** True for the kinds bound to one project of the profile (its managing body, a partner, the field). */
export const projectBound = (s: Scope): boolean => s.kind === 'progetto' || s.kind === 'partner' || s.kind === 'campo'
/** True for the kinds bound to the profile body (a partner, the field). */
export const bodyBound = (s: Scope): boolean => s.kind === 'partner' || s.kind === 'campo'
