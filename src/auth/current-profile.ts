/**
 * The one source of the current profile for request bodies (issue 26 point 6; spec 002 §2: every body
 * carries the chosen profile's `idProgramma`/`idProgetto`/`idEnte`, the server checks them against the
 * `userRole` header). The current profile is the session state's (`getSessionState().profilo`, src/auth/
 * session.ts: null while anonymous); the replayed writes of the outboxes carry the profile they were made
 * in (`roleContext`), shaped by the same pure {@link idsOf}/{@link presentIdsOf} (src/lib/profile-ids.ts).
 * Two body shapes exist on the wire and stay as they are:
 * - {@link idsOf}: the three ids, null for an unscoped role (the platform's calls);
 * - {@link presentIdsOf}: only the ids the profile has (the community's calls and query strings).
 */
import type { Profilo } from '../api/contract/contesto'
import { idsOf, presentIdsOf, type ProfileIdsBody } from '../lib/profile-ids'
import { getSessionState } from './session'

export { idsOf, presentIdsOf, type ProfileIdFields, type ProfileIdsBody } from '../lib/profile-ids'

/** The chosen profile (null while anonymous or before the choice). */
export function currentProfile(): Profilo | null {
  return getSessionState().profilo
}

/** The chosen profile's ids for a request body (nulls for an unscoped role). */
export function profileIds(): ProfileIdsBody {
  return idsOf(currentProfile())
}

/** The chosen profile's non-null ids (community bodies and query strings). */
export function presentProfileIds(): Record<string, number> {
  return presentIdsOf(currentProfile())
}

/** Cache scope: role and profile ids, so that switching profile never shows another profile's data. */
export function profileScope(): unknown[] {
  const p = currentProfile()
  return [p?.codiceRuolo ?? null, p?.idProgramma ?? null, p?.idProgetto ?? null, p?.idEnte ?? null]
}
