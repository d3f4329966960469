/**
 * Lifecycles of the bodies in a programme or project (platform-backend §2.3 managing body, §2.4
 * partner body) and of referents and delegates (§2.7), as pure state machines with their guards.
 * The database side is ./enti-progetto.ts and ./referenti.ts.
 */
import { RUOLI_PARTNER, RUOLI_PROGETTO, RUOLI_PROGRAMMA } from '../../../src/lib/ruoli'
import type { Macchina } from './macchina'

export type TransizioneGestore = 'assegna' | 'attiva' | 'cancella' | 'termina'

/** Managing body of a programme (`STATO_GESTORE_PROGRAMMA`): codes EN17 cancel, EN19 terminate. */
export const GESTORE_PROGRAMMA: Macchina<TransizioneGestore> = {
  assegna: { from: [null], to: 'NON ATTIVO', code: 'P05' },
  attiva: { from: ['NON ATTIVO'], to: 'ATTIVO', code: 'C04' },
  cancella: { from: ['NON ATTIVO'], to: 'unlinked', code: 'EN17' },
  termina: { from: ['ATTIVO'], to: 'unlinked', code: 'EN19' },
}

/** Managing body of a project (`STATO_GESTORE_PROGETTO`): codes EN18 cancel, EN20 terminate. */
export const GESTORE_PROGETTO: Macchina<TransizioneGestore> = {
  assegna: { from: [null], to: 'NON ATTIVO', code: 'PR05' },
  attiva: { from: ['NON ATTIVO'], to: 'ATTIVO', code: 'C03' },
  cancella: { from: ['NON ATTIVO'], to: 'unlinked', code: 'EN18' },
  termina: { from: ['ATTIVO'], to: 'unlinked', code: 'EN20' },
}

export type TransizionePartner = 'associa' | 'attiva' | 'cancella' | 'termina'

/** Partner body in a project (`STATO_ENTE_PARTNER`): EN27 already partner, EN16 cancel, EN21 terminate. */
export const PARTNER: Macchina<TransizionePartner> = {
  associa: { from: [null], to: 'NON ATTIVO', code: 'EN27' },
  attiva: { from: ['NON ATTIVO'], to: 'ATTIVO', code: 'C05' },
  cancella: { from: ['NON ATTIVO'], to: 'deleted', code: 'EN16' },
  termina: { from: ['ATTIVO'], to: 'TERMINATO', code: 'EN21' },
}

/** Assign guard of a project's managing body: not already a partner of it (EN27); the project not TERMINATO (PR05). */
export function guardAssegnaGestoreProgetto(f: { giaPartner: boolean; statoProgetto: string }): string | null {
  if (f.statoProgetto === 'TERMINATO') return 'PR05'
  return f.giaPartner ? 'EN27' : null
}

/** Assign guard of a programme's managing body: the programme not TERMINATO (P05). */
export function guardAssegnaGestoreProgramma(f: { statoProgramma: string }): string | null {
  return f.statoProgramma === 'TERMINATO' ? 'P05' : null
}

/** Associate guard of a partner: not the managing body (EN26), not already a partner (EN27), project not TERMINATO (EN27). */
export function guardAssociaPartner(f: { eGestore: boolean; giaPartner: boolean; statoProgetto: string }): string | null {
  if (f.eGestore) return 'EN26'
  if (f.giaPartner || f.statoProgetto === 'TERMINATO') return 'EN27'
  return null
}

// ---- referents and delegates (§2.7) ----------------------------------------------------------------

export type TransizioneReferente = 'associa' | 'attiva' | 'rimuovi'

export const REFERENTE: Macchina<TransizioneReferente> = {
  associa: { from: [null], to: 'NON ATTIVO', code: 'EN03' },
  attiva: { from: ['NON ATTIVO'], to: 'ATTIVO', code: 'C04' },
  /** ATTIVO → TERMINATO, NON ATTIVO → deleted */
  rimuovi: { from: ['NON ATTIVO', 'ATTIVO'], to: 'same', code: 'EN06' },
}

export type TipoReferente = 'gestoreProgramma' | 'gestoreProgetto' | 'partner'

/** Role codes each kind of link accepts, and the code refusing the association. */
export const RUOLI_REFERENTE: Record<TipoReferente, { referente: string; delegato: string; codeAssocia: string; codeUltimo: string }> = {
  gestoreProgramma: { referente: RUOLI_PROGRAMMA[0], delegato: RUOLI_PROGRAMMA[1], codeAssocia: 'EN11', codeUltimo: 'EN22' },
  gestoreProgetto: { referente: RUOLI_PROGETTO[0], delegato: RUOLI_PROGETTO[1], codeAssocia: 'EN12', codeUltimo: 'EN23' },
  partner: { referente: RUOLI_PARTNER[0], delegato: RUOLI_PARTNER[1], codeAssocia: 'EN04', codeUltimo: 'EN23' },
}

/**
 * Associate guard: the body is the managing body (or partner) of the entity, not terminated there; the
 * role fits the kind of link; the link does not already exist.
 */
export function guardAssociaReferente(tipo: TipoReferente, f: {
  codiceRuolo: string; enteCollegato: boolean; statoEnte: string | null; giaAssociato: boolean; statoEntita: string
}): string | null {
  const r = RUOLI_REFERENTE[tipo]
  if (f.codiceRuolo !== r.referente && f.codiceRuolo !== r.delegato) return r.codeAssocia
  if (!f.enteCollegato || f.statoEnte === 'TERMINATO' || f.statoEntita === 'TERMINATO') return r.codeAssocia
  if (f.giaAssociato) return r.codeAssocia
  return null
}

/** Remove guard: the last ATTIVO referent (not a delegate) cannot be terminated (EN22/EN23). */
export function guardRimuoviReferente(tipo: TipoReferente, f: { codiceRuolo: string; stato: string; altriReferentiAttivi: number }): string | null {
  const r = RUOLI_REFERENTE[tipo]
  if (f.stato === 'TERMINATO') return 'EN06'
  if (f.codiceRuolo === r.referente && f.stato === 'ATTIVO' && f.altriReferentiAttivi === 0) return r.codeUltimo
  return null
}
