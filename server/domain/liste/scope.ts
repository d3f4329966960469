/**
 * Which programmes, projects, bodies and users a caller sees (platform-backend §4.4, with defect §16.4
 * fixed: FAC/VOL see only their profile body). The profile ids come from the verified principal's
 * profile (`Caller.profilo`, server/domain/profile.ts), never from the body.
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
  switch (caller.codiceRuolo) {
    case 'DTD': return { kind: 'all', ...ids }
    case 'DSCU': return { kind: 'scd', ...ids }
    case 'REG': case 'DEG': return need('programma', 'idProgramma')
    case 'REGP': case 'DEGP': return need('progetto', 'idProgramma', 'idProgetto')
    case 'REPP': case 'DEPP': return need('partner', 'idProgramma', 'idProgetto', 'idEnte')
    case 'FAC': case 'VOL': return need('campo', 'idProgramma', 'idProgetto', 'idEnte')
    case 'MOD': return { kind: 'none', ...ids }
    default: return { kind: 'all', ...ids } // custom roles: as DTD (platform-backend §4.4)
  }
}
