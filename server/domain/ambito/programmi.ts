/**
 * Which programmes and projects a caller sees, administers, or reads the configuration of, from its scope
 * (`scopeOf`, ./scope.ts; platform-backend §4.4):
 * - seen (`programmaScope`, `progettoScope`: the lists, their dropdowns and CSV): DTD and custom roles all;
 *   DSCU the SCD ones; REG/DEG the profile programme (and its projects); the project-bound roles the profile
 *   programme and project; MOD none;
 * - administered at programme level (`programmiAmministrati`: the minors configuration, the programmes a
 *   survey template may be linked to): all, the SCD ones, the profile programme of REG/DEG; no other role;
 * - configuration read for services (`programmeForConfig`: the survey template in force, spec 002 §7
 *   "Services", `POST /questionarioTemplate/programma/{idProgramma}`): a role bound to a programme or project
 *   only its profile's programme, DSCU the SCD programmes, every other role (DTD, custom roles, MOD) any
 *   programme. Another programme answers 404 Q01, as if unknown.
 */
import { eq, sql, type SQL } from 'drizzle-orm'
import { livelloRuolo } from '../../../src/lib/ruoli'
import { programma, progetto } from '../../db/schema'
import type { Executor } from '../../db/types'
import { notFound } from '../../errors'
import type { Caller } from '../profile'
import { scopeOf } from './scope'

const NOTHING = sql`false`

/** Programmes the caller sees: a condition on `programma`, undefined for all. */
export function programmaScope(caller: Caller): SQL | undefined {
  const s = scopeOf(caller)
  switch (s.kind) {
    case 'all': return undefined
    case 'scd': return sql`${programma.policy} = 'SCD'`
    case 'none': return NOTHING
    default: return sql`${programma.id} = ${s.idProgramma}`
  }
}

/** Projects the caller sees: a condition on `progetto` ⋈ `programma`, undefined for all. */
export function progettoScope(caller: Caller): SQL | undefined {
  const s = scopeOf(caller)
  switch (s.kind) {
    case 'all': return undefined
    case 'scd': return sql`${programma.policy} = 'SCD'`
    case 'programma': return sql`${progetto.idProgramma} = ${s.idProgramma}`
    case 'none': return NOTHING
    default: return sql`${progetto.id} = ${s.idProgetto}`
  }
}

/** Programmes the caller administers at programme level: a condition on `programma`, undefined for all. */
export function programmiAmministrati(caller: Caller): SQL | undefined {
  const s = scopeOf(caller)
  switch (s.kind) {
    case 'all': return undefined
    case 'scd': return sql`${programma.policy} = 'SCD'`
    case 'programma': return sql`${programma.id} = ${s.idProgramma}`
    default: return NOTHING
  }
}

/** True when the caller may read the configuration of `prg` (module comment). */
export function programmeConfigVisible(caller: Caller, prg: { id: number; policy: string }): boolean {
  const s = scopeOf(caller)
  switch (s.kind) {
    case 'all': return true
    case 'scd': return prg.policy === 'SCD'
    case 'programma': case 'progetto': case 'partner': case 'campo': return s.idProgramma === prg.id
    // MOD reads any programme's template; a bound role's profile without its ids reads none
    case 'none': return livelloRuolo(caller.codiceRuolo) === 'nessuno'
  }
}

/** The programme `idProgramma` (id, policy) when it exists and the caller may read its configuration; 404 Q01 otherwise. */
export async function programmeForConfig(db: Executor, caller: Caller, idProgramma: number): Promise<{ id: number; policy: string }> {
  const [prg] = await db.select({ id: programma.id, policy: programma.policy }).from(programma).where(eq(programma.id, idProgramma))
  if (!prg || !programmeConfigVisible(caller, prg)) throw notFound('Q01')
  return prg
}
