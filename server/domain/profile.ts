/**
 * The caller's role profile for a request (platform-backend §4.3–4.4): the access layer has checked that
 * the body's `idProgramma`/`idProgetto`/`idEnte` belong to one of the user's profiles for the `userRole`
 * role; here the profile itself is picked, so that data can be scoped to it.
 */
import type { FastifyRequest } from 'fastify'
import type { Profilo } from '../../src/api/contract/contesto'
import { inGruppo, RUOLI_CAMPO, RUOLI_CON_PROFILO } from '../../src/lib/ruoli'
import type { Principal } from '../auth/types'
import { badRequest, forbidden } from '../errors'

/** Roles whose data is scoped to a programme, project or body (src/lib/ruoli.ts). */
export const SCOPED_ROLES = RUOLI_CON_PROFILO
/** Roles that create and edit services in the field (src/lib/ruoli.ts). */
export const FIELD_ROLES = RUOLI_CAMPO

export interface ProfileIds { idProgramma?: number | null; idProgetto?: number | null; idEnte?: number | null }

/** The request's caller with the chosen role and profile. */
export interface Caller {
  principal: Principal
  codiceRuolo: string
  /** the profile of `codiceRuolo` the ids point to (ids null for DTD, DSCU, MOD and custom roles) */
  profilo: Profilo
}

export const isFieldRole = (codiceRuolo: string) => inGruppo(FIELD_ROLES, codiceRuolo)

/**
 * Picks the profile of the request's role matching the given ids (null/undefined ids match any).
 * Scoped roles: none → 403 A10; several (ids missing and the user has more than one profile of the
 * role) → 400 G02 asking for the profile. Unscoped roles get their single unscoped profile.
 */
export function resolveCaller(request: FastifyRequest, ids: ProfileIds): Caller {
  const auth = request.auth
  if (!auth?.codiceRuolo) throw forbidden('A09')
  const { principal, codiceRuolo } = auth
  const profiles = principal.profili.filter((p) => p.codiceRuolo === codiceRuolo)
  const fields = (['idProgramma', 'idProgetto', 'idEnte'] as const).filter((f) => ids[f] !== null && ids[f] !== undefined)
  const matching = profiles.filter((p) => fields.every((f) => p[f] === null || p[f] === ids[f]))
  const scoped = inGruppo(SCOPED_ROLES, codiceRuolo)
  if (matching.length === 0) {
    if (!scoped) return { principal, codiceRuolo, profilo: unscopedProfile(codiceRuolo) }
    throw forbidden('A10')
  }
  if (matching.length > 1 && scoped) {
    throw badRequest('G02', 'Indica programma, progetto ed ente del profilo con cui operi.')
  }
  return { principal, codiceRuolo, profilo: matching[0] as Profilo }
}

function unscopedProfile(codiceRuolo: string): Profilo {
  return {
    codiceRuolo, descrizioneRuolo: codiceRuolo, descrizioneRuoloCompleta: codiceRuolo, idProgramma: null, nomeProgramma: null,
    idProgetto: null, nomeProgettoBreve: null, idEnte: null, nomeEnte: null, descrizioneEstesaEnte: null,
    policy: codiceRuolo === 'DSCU' ? 'SCD' : null,
  }
}

/** The field profile (FAC/VOL) with its project, body and programme; 403 `code` for any other role. */
export function fieldProfile(caller: Caller, code = 'U06'): { idProgramma: number; idProgetto: number; idEnte: number; userId: number } {
  const p = caller.profilo
  if (!isFieldRole(caller.codiceRuolo) || p.idProgramma === null || p.idProgetto === null || p.idEnte === null) throw forbidden(code)
  return { idProgramma: p.idProgramma, idProgetto: p.idProgetto, idEnte: p.idEnte, userId: caller.principal.userId }
}
