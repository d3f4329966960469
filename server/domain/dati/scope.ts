/**
 * Which aggregates 'Report dati' reads for a caller (issue 11 point 1; platform-backend §4.4 row
 * `POST /servizio/all`, the same rule as `serviceScope` in server/domain/servizio-scope.ts):
 * - DTD and custom roles: all; DSCU: SCD policy; REG/DEG: the profile programme; REGP/DEGP/REPP/DEPP: the
 *   profile project — read from the materialised views of migration 0012;
 * - FAC/VOL: their own services in the profile project and body — read live from `dati_fatti`;
 * - MOD: nothing.
 */
import type { Caller } from '../profile'

/** The caller's bound on the data: none, live own services, or a policy/programme/project bound. */
export type DatiScope =
  | { kind: 'nessuno' }
  | { kind: 'propri'; idFacilitatore: number; idProgetto: number; idEnte: number }
  | { kind: 'aggregati'; policy?: 'RFD' | 'SCD'; idProgramma?: number; idProgetto?: number }

/** The scope of `caller` (see the module comment). */
export function datiScope(caller: Caller): DatiScope {
  const p = caller.profilo
  switch (caller.codiceRuolo) {
    case 'DTD':
      return { kind: 'aggregati' }
    case 'DSCU':
      return { kind: 'aggregati', policy: 'SCD' }
    case 'REG':
    case 'DEG':
      return p.idProgramma === null ? { kind: 'nessuno' } : { kind: 'aggregati', idProgramma: p.idProgramma }
    case 'REGP':
    case 'DEGP':
    case 'REPP':
    case 'DEPP':
      return p.idProgetto === null ? { kind: 'nessuno' } : { kind: 'aggregati', idProgetto: p.idProgetto }
    case 'FAC':
    case 'VOL':
      if (p.idProgetto === null || p.idEnte === null) return { kind: 'nessuno' }
      return { kind: 'propri', idFacilitatore: caller.principal.userId, idProgetto: p.idProgetto, idEnte: p.idEnte }
    case 'MOD':
      return { kind: 'nessuno' }
    default:
      return { kind: 'aggregati' } // custom roles: as DTD (platform-backend §4.4)
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
