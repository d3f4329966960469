/**
 * Programme lifecycle (platform-backend §2.1) as a pure state machine:
 * (create) → NON ATTIVO → ATTIVO (first REG/DEG profile choice) → TERMINATO; delete only NON ATTIVO;
 * update while NON ATTIVO or ATTIVO. Guards take plain facts and answer a catalogue code or null.
 * The database side is ./programmi.ts.
 */
import type { Macchina } from './macchina'
import { dataTerminazioneValida } from './macchina'

export type TransizioneProgramma = 'crea' | 'attiva' | 'modifica' | 'termina' | 'elimina'

export const PROGRAMMA: Macchina<TransizioneProgramma> = {
  crea: { from: [null], to: 'NON ATTIVO', code: 'P01' },
  attiva: { from: ['NON ATTIVO'], to: 'ATTIVO', code: 'C04' },
  modifica: { from: ['NON ATTIVO', 'ATTIVO'], to: 'same', code: 'P06' },
  termina: { from: ['ATTIVO'], to: 'TERMINATO', code: 'P03' },
  elimina: { from: ['NON ATTIVO'], to: 'deleted', code: 'P04' },
}

/** Catalogue code of a programme code already used by another programme (create and update). */
export const CODICE_PROGRAMMA_IN_USO = 'P09'

/** Create/update guard: unique code (P09, create and update) and start ≤ end (P01; on update P06). */
export function guardDatiProgramma(f: { codiceUsato: boolean; dataInizio: string; dataFine: string }, code = 'P01'): string | null {
  if (f.codiceUsato) return CODICE_PROGRAMMA_IN_USO
  if (f.dataInizio > f.dataFine) return code
  return null
}

/** Create guard: a default questionnaire template exists for the policy (P02). */
export function guardTemplateDefault(exists: boolean): string | null {
  return exists ? null : 'P02'
}

/** Terminate guard: the date is not in the future (P03). */
export function guardTerminaProgramma(f: { dataTerminazione: string; oggi: string }): string | null {
  return dataTerminazioneValida(f.dataTerminazione, f.oggi) ? null : 'P03'
}

/**
 * Delete guard (P04): every project must be deletable (NON ATTIVO, no facilitator, no service).
 * A decision of ours: the reference deletes NON ATTIVO projects blindly; a project with facilitators or
 * services holds work that must not vanish with a click.
 */
export function guardEliminaProgramma(progetti: { stato: string; conFacilitatoriOServizi: boolean }[]): string | null {
  return progetti.every((p) => p.stato === 'NON ATTIVO' && !p.conFacilitatoriOServizi) ? null : 'P04'
}

/** Cascade of a programme's termination on each project (§2.1): NON ATTIVO deleted, ATTIVABILE/ATTIVO terminated. */
export function cascataProgetto(stato: string): 'deleted' | 'TERMINATO' | 'keep' {
  if (stato === 'NON ATTIVO') return 'deleted'
  if (stato === 'ATTIVABILE' || stato === 'ATTIVO') return 'TERMINATO'
  return 'keep'
}

/**
 * CUP rules (§2.1, §2.2): an empty CUP becomes `cup_non_presente-{suffix}`, a CUP used by another
 * programme or project becomes `{cup}-{suffix}`; both set `cupManipolato` and answer a warning.
 */
export function regolaCup(cup: string | null | undefined, suffix: string, cupUsato: boolean): { cup: string; manipolato: boolean } {
  const c = cup?.trim() ?? ''
  if (c === '') return { cup: `cup_non_presente-${suffix}`, manipolato: true }
  if (cupUsato) return { cup: `${c}-${suffix}`, manipolato: true }
  return { cup: c, manipolato: false }
}

/** The warning of a create/update answer when the CUP was rewritten. */
export function avvisoCup(manipolato: boolean, cup: string): { warning: boolean; warningTitle: string | null; warningMessage: string | null } {
  if (!manipolato) return { warning: false, warningTitle: null, warningMessage: null }
  return {
    warning: true,
    warningTitle: 'CUP modificato',
    warningMessage: `Il CUP indicato era vuoto o già in uso: è stato registrato come "${cup}".`,
  }
}

/** Targets: a step's value and date are both set or both empty, dates ascending within a family. */
export function obiettiviValidi(o: Record<string, { valore: number | null; data: string | null }[]> | null | undefined): boolean {
  if (!o) return true
  for (const famiglia of Object.values(o)) {
    let last = ''
    for (const step of famiglia) {
      if ((step.valore === null) !== (step.data === null)) return false
      if (step.data !== null) {
        if (step.data < last) return false
        last = step.data
      }
    }
  }
  return true
}
