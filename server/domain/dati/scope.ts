/**
 * Which aggregates 'Report dati' reads for a caller (issue 11 point 1; platform-backend §4.4 row
 * `POST /servizio/all`): the caller's scope (`scopeOf`, server/domain/ambito/) read as a bound on the data,
 * so the figures cover the services the services list shows (`serviceScope`):
 * - `all` (DTD and custom roles): all; `scd` (DSCU): SCD policy; `programma` (REG/DEG): the profile
 *   programme; `progetto` / `partner` (REGP/DEGP/REPP/DEPP): the profile project — read from the
 *   materialised views of migration 0012;
 * - `campo` (FAC/VOL): their own services in the profile project and body — read live from `dati_fatti`;
 * - `none` (MOD): nothing.
 */
import { scopeOf } from '../ambito'
import type { Caller } from '../profile'

/** The caller's bound on the data: none, live own services, or a policy/programme/project bound. */
export type DatiScope =
  | { kind: 'nessuno' }
  | { kind: 'propri'; idFacilitatore: number; idProgetto: number; idEnte: number }
  | { kind: 'aggregati'; policy?: 'RFD' | 'SCD'; idProgramma?: number; idProgetto?: number }

/** The scope of `caller` (see the module comment). */
export function datiScope(caller: Caller): DatiScope {
  const s = scopeOf(caller)
  switch (s.kind) {
    case 'all': return { kind: 'aggregati' }
    case 'scd': return { kind: 'aggregati', policy: 'SCD' }
    case 'programma': return { kind: 'aggregati', idProgramma: s.idProgramma }
    case 'progetto': case 'partner': return { kind: 'aggregati', idProgetto: s.idProgetto }
    case 'campo': return { kind: 'propri', idFacilitatore: caller.principal.userId, idProgetto: s.idProgetto, idEnte: s.idEnte }
    case 'none': return { kind: 'nessuno' }
  }
}

/** The source to read: a materialised view by grain, or the live view; picked by the narrowest bound. */
export type Sorgente = 'dati_fatti' | 'dati_progetto_mv' | 'dati_programma_mv' | 'dati_policy_mv'

/**
 * The narrowest source able to answer: the live view for own services; the project view when a project
 * bounds the data (scope or filter); the programme view when a programme does; else the policy view.
 */
export function sorgente(scope: DatiScope, filtro: { idProgramma?: number; idProgetto?: number }): Sorgente {
  if (scope.kind === 'propri') return 'dati_fatti'
  if (scope.kind === 'aggregati' && scope.idProgetto !== undefined) return 'dati_progetto_mv'
  if (filtro.idProgetto !== undefined) return 'dati_progetto_mv'
  if ((scope.kind === 'aggregati' && scope.idProgramma !== undefined) || filtro.idProgramma !== undefined) return 'dati_programma_mv'
  return 'dati_policy_mv'
}
