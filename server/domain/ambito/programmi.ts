/**
 * Which programmes' configuration (the survey template in force) a caller may read for its services
 * (spec 002 §7 "Services", `POST /questionarioTemplate/programma/{idProgramma}`): a role bound to a
 * programme or project only its profile's programme, DSCU the SCD programmes, every other role (DTD,
 * custom roles, MOD) any programme. Another programme answers 404 Q01, as if unknown.
 */
import { eq } from 'drizzle-orm'
import { livelloRuolo } from '../../../src/lib/ruoli'
import { programma } from '../../db/schema'
import type { Executor } from '../../db/types'
import { notFound } from '../../errors'
import type { Caller } from '../profile'
import { scopeOf } from './scope'

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
