/**
 * Survey template lifecycle (platform-backend §2.9) as a pure state machine, plus the versioning rule
 * (issue 10 point 1):
 * (create or clone) → NON ATTIVO, both default flags false; link to a programme → ATTIVO (the programme's
 * previous ATTIVO link becomes TERMINATO, the older template's own state is untouched); update while
 * ATTIVO or NON ATTIVO (QT02); default for RFD or SCD while ATTIVO or NON ATTIVO (QT02); delete only NON
 * ATTIVO, not a default and not in use (QT03). A replaced version (it has a successor) is read-only:
 * every transition answers its code. The database side is ./modelli.ts.
 */
import type { Stato } from '../../db/schema'
import type { Macchina } from '../amministrazione/macchina'

export type TransizioneTemplate = 'crea' | 'modifica' | 'associa' | 'impostaDefault' | 'elimina'

export const QUESTIONARIO_TEMPLATE: Macchina<TransizioneTemplate> = {
  crea: { from: [null], to: 'NON ATTIVO', code: 'QT07' },
  modifica: { from: ['NON ATTIVO', 'ATTIVO'], to: 'same', code: 'QT02' },
  associa: { from: ['NON ATTIVO', 'ATTIVO'], to: 'ATTIVO', code: 'P07' },
  impostaDefault: { from: ['NON ATTIVO', 'ATTIVO'], to: 'same', code: 'QT02' },
  elimina: { from: ['NON ATTIVO'], to: 'deleted', code: 'QT03' },
}

/** Facts about a template version the guards read. */
export interface FattiTemplate {
  stato: Stato
  defaultRfd: boolean
  defaultScd: boolean
  /** a service or a compiled survey points at this version (or, for delete, at any version of it) */
  inUso: boolean
  /** replaced by a newer version */
  sostituito: boolean
}

/** Every transition of a replaced version: its code (the newest version is the one to change). */
export function guardVersioneCorrente(f: Pick<FattiTemplate, 'sostituito'>, code: string): string | null {
  return f.sostituito ? code : null
}

/** Delete guard (QT03): not a default, not in use. */
export function guardElimina(f: FattiTemplate): string | null {
  return f.defaultRfd || f.defaultScd || f.inUso ? 'QT03' : null
}

/** Name guard of create and update (QT02): no other current template has the name. */
export function guardNome(nomeUsato: boolean): string | null {
  return nomeUsato ? 'QT02' : null
}

/**
 * Whether an update makes a new version instead of changing the row: when the template is ATTIVO (a
 * programme uses it: tablets may hold it and compile offline) or any service or survey points at it.
 */
export function nuovaVersione(f: Pick<FattiTemplate, 'stato' | 'inUso'>): boolean {
  return f.stato === 'ATTIVO' || f.inUso
}
