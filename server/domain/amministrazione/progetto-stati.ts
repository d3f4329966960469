/**
 * Project lifecycle (platform-backend §2.2) as a pure state machine:
 * (create) → NON ATTIVO → ATTIVABILE (first facilitator, or a REG/DEG profile choice) → ATTIVO
 * (`PUT /progetto/attiva/{id}`) → TERMINATO; delete only NON ATTIVO; update while not TERMINATO.
 * The database side is ./progetti.ts.
 */
import type { Macchina } from './macchina'
import { dataTerminazioneValida } from './macchina'

export type TransizioneProgetto = 'crea' | 'rendiAttivabile' | 'attiva' | 'modifica' | 'termina' | 'elimina'

export const PROGETTO: Macchina<TransizioneProgetto> = {
  crea: { from: [null], to: 'NON ATTIVO', code: 'PR01' },
  rendiAttivabile: { from: ['NON ATTIVO'], to: 'ATTIVABILE', code: 'PR07' },
  attiva: { from: ['ATTIVABILE'], to: 'ATTIVO', code: 'PR07' },
  modifica: { from: ['NON ATTIVO', 'ATTIVABILE', 'ATTIVO'], to: 'same', code: 'PR04' },
  termina: { from: ['ATTIVABILE', 'ATTIVO'], to: 'TERMINATO', code: 'PR03' },
  elimina: { from: ['NON ATTIVO'], to: 'deleted', code: 'PR02' },
}

/** Create guard (PR01; PR04 on update): start ≤ end, and within the programme's dates; the programme not TERMINATO. */
export function guardDatiProgetto(f: {
  dataInizio: string; dataFine: string; inizioProgramma: string; fineProgramma: string; statoProgramma: string
}, code = 'PR01'): string | null {
  if (f.statoProgramma === 'TERMINATO') return code
  if (f.dataInizio > f.dataFine) return code
  if (f.dataInizio < f.inizioProgramma || f.dataFine > f.fineProgramma) return code
  return null
}

/** Terminate guard: the date is not in the future (PR03). */
export function guardTerminaProgetto(f: { dataTerminazione: string; oggi: string }): string | null {
  return dataTerminazioneValida(f.dataTerminazione, f.oggi) ? null : 'PR03'
}

/** Delete guard (PR02): besides NON ATTIVO, no facilitator link and no service (see programma-stati). */
export function guardEliminaProgetto(f: { conFacilitatoriOServizi: boolean }): string | null {
  return f.conFacilitatoriOServizi ? 'PR02' : null
}
