/**
 * Lifecycles of a site within a body and project (platform-backend §2.5) and of a facilitator or
 * volunteer on it (§2.6), as pure state machines with their guards. The database side is ./sedi.ts; a site's
 * addresses and opening hours (spec 002 §5 "Sites") are validated by src/lib/sede-indirizzo.ts, as in the form.
 */
import { inGruppo, RUOLI_PARTNER, RUOLI_PROGETTO } from '../../../src/lib/ruoli'
import type { Macchina } from './macchina'

export type TransizioneSede = 'associa' | 'attiva' | 'cancella' | 'termina'

/** Body-site-project (`STATO_SEDE`). */
export const SEDE_PROGETTO: Macchina<TransizioneSede> = {
  associa: { from: [null], to: 'NON ATTIVO', code: 'EN09' },
  attiva: { from: ['NON ATTIVO'], to: 'ATTIVO', code: 'EN09' },
  cancella: { from: ['NON ATTIVO'], to: 'deleted', code: 'EN09' },
  termina: { from: ['ATTIVO'], to: 'TERMINATO', code: 'EN09' },
}

/** Associate guard: the body holds `ruoloEnte` in the project (gestore or a non-terminated partner), project not TERMINATO. */
export function guardAssociaSede(f: { ruoloValido: boolean; statoProgetto: string; giaAssociata: boolean }): string | null {
  if (!f.ruoloValido || f.statoProgetto === 'TERMINATO' || f.giaAssociata) return 'EN09'
  return null
}

/**
 * Terminate guard (EN09): allowed when the project is NON ATTIVO, or when another ATTIVO site of the
 * project has an ATTIVO facilitator (the project must keep one working site).
 */
export function guardTerminaSede(f: { statoProgetto: string; altraSedeAttivaConFacilitatore: boolean }): string | null {
  if (f.statoProgetto === 'NON ATTIVO' || f.statoProgetto === 'TERMINATO') return null
  return f.altraSedeAttivaConFacilitatore ? null : 'EN09'
}

export type TransizioneFacilitatore = 'associa' | 'attiva' | 'termina'

/** Facilitator/volunteer link (`STATO_UTENTE`): termination always sets TERMINATO (no delete). */
export const FACILITATORE: Macchina<TransizioneFacilitatore> = {
  associa: { from: [null], to: 'NON ATTIVO', code: 'EN07' },
  attiva: { from: ['NON ATTIVO'], to: 'ATTIVO', code: 'EN07' },
  termina: { from: ['NON ATTIVO', 'ATTIVO'], to: 'TERMINATO', code: 'EN08' },
}

/** The role a policy gives (§2.6): RFD → FAC, SCD → VOL. */
export const ruoloPerPolicy = (policy: 'RFD' | 'SCD'): 'FAC' | 'VOL' => (policy === 'RFD' ? 'FAC' : 'VOL')

/**
 * Associate guard (EN07): the body-site-project exists and is not TERMINATO, the project is not
 * TERMINATO; REPP/DEPP callers add only to their partner body, REGP/DEGP only to the managing body;
 * the user holds no valid link of the other role (FAC vs VOL); the link does not exist yet.
 */
export function guardAssociaFacilitatore(f: {
  sedeEsiste: boolean; statoSede: string | null; statoProgetto: string; ruoloChiamante: string; ruoloEnte: 'gestore' | 'partner' | null
  altroRuoloValido: boolean; giaAssociato: boolean
}): string | null {
  if (!f.sedeEsiste || f.statoSede === 'TERMINATO' || f.statoProgetto === 'TERMINATO') return 'EN07'
  if (inGruppo(RUOLI_PARTNER, f.ruoloChiamante) && f.ruoloEnte !== 'partner') return 'EN07'
  if (inGruppo(RUOLI_PROGETTO, f.ruoloChiamante) && f.ruoloEnte !== 'gestore') return 'EN07'
  if (f.altroRuoloValido || f.giaAssociato) return 'EN07'
  return null
}

/** Terminate guard (EN08): not the project's only ATTIVO facilitator or volunteer (while the project is running). */
export function guardTerminaFacilitatore(f: { stato: string; altriAttiviNelProgetto: number; statoProgetto: string }): string | null {
  if (f.stato === 'TERMINATO') return 'EN08'
  if (f.stato === 'ATTIVO' && f.altriAttiviNelProgetto === 0 && (f.statoProgetto === 'ATTIVO' || f.statoProgetto === 'ATTIVABILE')) return 'EN08'
  return null
}
