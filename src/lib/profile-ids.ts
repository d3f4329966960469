/**
 * The two wire shapes of a profile's ids in request bodies (issue 26 point 6; spec 002 §2), pure: used for
 * the current profile (src/auth/current-profile.ts) and for the role context an outbox entry was made in.
 */

/** The id fields of a profile or of an outbox entry's role context. */
export type ProfileIdFields = { idProgramma?: number | null; idProgetto?: number | null; idEnte?: number | null }
/** The three ids of a body (src/api/contract/common.ts `ProfileIdsSchema`), null where the profile has none. */
export type ProfileIdsBody = { idProgramma: number | null; idProgetto: number | null; idEnte: number | null }

/** `{idProgramma, idProgetto, idEnte}` of `p`, null where it has none (or when `p` is null). */
export function idsOf(p: ProfileIdFields | null | undefined): ProfileIdsBody {
  return { idProgramma: p?.idProgramma ?? null, idProgetto: p?.idProgetto ?? null, idEnte: p?.idEnte ?? null }
}

/** Only the ids `p` has (non-null), in the order idProgramma, idProgetto, idEnte. */
export function presentIdsOf(p: ProfileIdFields | null | undefined): Record<string, number> {
  const out: Record<string, number> = {}
  if (p?.idProgramma != null) out.idProgramma = p.idProgramma
  if (p?.idProgetto != null) out.idProgetto = p.idProgetto
  if (p?.idEnte != null) out.idEnte = p.idEnte
  return out
}
