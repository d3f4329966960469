/**
 * Lifecycles of a site within a body and project (platform-backend §2.5) and of a facilitator or
 * volunteer on it (§2.6), as pure state machines with their guards, plus the validation of a site's
 * addresses and opening hours (spec 002 §5 "Sites"). The database side is ./sedi.ts.
 */
import type { FasciaGiorno, IndirizzoSede } from '../../../src/api/contract/gestione'
import { GIORNI } from '../../../src/api/contract/gestione'
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
  if ((f.ruoloChiamante === 'REPP' || f.ruoloChiamante === 'DEPP') && f.ruoloEnte !== 'partner') return 'EN07'
  if ((f.ruoloChiamante === 'REGP' || f.ruoloChiamante === 'DEGP') && f.ruoloEnte !== 'gestore') return 'EN07'
  if (f.altroRuoloValido || f.giaAssociato) return 'EN07'
  return null
}

/** Terminate guard (EN08): not the project's only ATTIVO facilitator or volunteer (while the project is running). */
export function guardTerminaFacilitatore(f: { stato: string; altriAttiviNelProgetto: number; statoProgetto: string }): string | null {
  if (f.stato === 'TERMINATO') return 'EN08'
  if (f.stato === 'ATTIVO' && f.altriAttiviNelProgetto === 0 && (f.statoProgetto === 'ATTIVO' || f.statoProgetto === 'ATTIVABILE')) return 'EN08'
  return null
}

// ---- addresses and opening hours (spec 002 §5) -------------------------------------------------------

const vuoto = (s: string | null | undefined) => s === null || s === undefined || s.trim() === ''

/** The problem of one day's windows, or null: each opening needs its closing and vice versa, closing after opening. */
export function erroreFascia(f: FasciaGiorno | undefined): string | null {
  if (!f) return null
  for (const n of [1, 2] as const) {
    const a = f[`apertura${n}`]
    const c = f[`chiusura${n}`]
    if (vuoto(a) !== vuoto(c)) return n === 1 ? 'ogni orario di apertura richiede la chiusura (e viceversa)' : 'ogni orario di apertura richiede la chiusura (e viceversa)'
    if (!vuoto(a) && !vuoto(c) && (c as string) <= (a as string)) return 'la chiusura deve seguire l\'apertura'
  }
  if (!vuoto(f.apertura2) && !vuoto(f.chiusura1) && (f.apertura2 as string) < (f.chiusura1 as string)) return 'la seconda fascia deve iniziare dopo la fine della prima'
  return null
}

/**
 * Validates the addresses of a site (spec 002 §5): every address not being deleted needs via, civico,
 * comune, provincia and a 5-digit CAP, at least one opening time, and coherent windows; the comune must
 * belong to the province (`comuneInProvincia`). Returns the Italian message of the first problem, or null.
 */
export function erroreIndirizzi(indirizzi: IndirizzoSede[], comuneInProvincia: (comune: string, provincia: string) => boolean): string | null {
  const attivi = indirizzi.filter((i) => !i.cancellato)
  if (attivi.length === 0) return 'La sede deve avere almeno un indirizzo.'
  for (const [n, i] of attivi.entries()) {
    const dove = attivi.length > 1 ? ` (indirizzo ${n + 1})` : ''
    if (vuoto(i.via) || vuoto(i.civico) || vuoto(i.comune) || vuoto(i.provincia) || vuoto(i.cap)) return `Indica via, civico, comune, provincia e CAP${dove}.`
    if (!/^\d{5}$/.test(i.cap)) return `Il CAP deve avere 5 cifre${dove}.`
    if (!comuneInProvincia(i.comune, i.provincia)) return `Il comune "${i.comune}" non appartiene alla provincia ${i.provincia}${dove}.`
    let aperture = 0
    for (const g of GIORNI) {
      const f = i.fasceOrarie[g]
      const e = erroreFascia(f)
      if (e) return `Orari di ${g}: ${e}${dove}.`
      if (f && (!vuoto(f.apertura1) || !vuoto(f.apertura2))) aperture++
    }
    if (aperture === 0) return `Indica almeno un orario di apertura${dove}.`
  }
  return null
}
