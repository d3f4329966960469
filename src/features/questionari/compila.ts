/**
 * Rules of the 4-step compile wizard (platform-frontend §3.5 "Compile wizard UI"; spec 002 §2, §4):
 * steps Q1–Q4, Q1–Q3 read-only; when Q1–Q3 are already filled (always, once the citizen was added) the
 * wizard opens at step 4; only a facilitator or volunteer compiles, and only a survey not yet COMPILATA.
 * Paths of the service's screens the wizard links to.
 */
import type { StatoQuestionarioWire } from '../../api/contract/questionario'
import { isFieldRole } from '../campo'
import type { DecodedSection } from '../../lib/survey-sections'
import { haRisposte } from './lettura'

export const NUMERO_STEP = 4
export const ULTIMO_STEP = NUMERO_STEP - 1

/** Zero-based step to open: the last one when Q1–Q3 all carry answers, else the first. */
export function stepIniziale(q1: DecodedSection | null, q2: DecodedSection | null, q3: DecodedSection | null): number {
  return haRisposte(q1) && haRisposte(q2) && haRisposte(q3) ? ULTIMO_STEP : 0
}

/** Next step (clamped). */
export function stepSuccessivo(step: number): number {
  return Math.min(ULTIMO_STEP, step + 1)
}

/** Previous step (clamped). */
export function stepPrecedente(step: number): number {
  return Math.max(0, step - 1)
}

/**
 * What each read-only step is, in the facilitator's words (issue 8 point 10): Q1 was typed when the
 * citizen was added (its intro where nothing of it can be corrected; otherwise step Q1 shows the
 * corrections form with its own intro); Q2 is never asked — the server derives it from the citizen's other services
 * (platform-backend §5.3: 'Sì' when this is the first); Q3 is the service's own data, the same for all
 * its citizens.
 */
export const INTRO_STEP: readonly string[] = [
  'Dati raccolti all’aggiunta del cittadino: non modificabili.',
  'Queste risposte non vengono chieste al cittadino: le ricava il sistema dai servizi che ha già ricevuto («Sì» se questo è il primo). Non modificabili.',
  'Dati del servizio, inseriti alla sua creazione: sono gli stessi per tutti i cittadini del servizio e non si modificano qui.',
]

/** Why the current user cannot compile this survey, or null when they can. */
export function motivoSolaLettura(codiceRuolo: string | null | undefined, stato: StatoQuestionarioWire | null | undefined): string | null {
  if (!isFieldRole(codiceRuolo)) return 'Il questionario può essere compilato solo dal facilitatore o dal volontario che ha erogato il servizio.'
  if (stato === 'COMPILATA') return 'Il questionario è già stato compilato.'
  return null
}

/** Citizens tab of a service. */
export const pathCittadiniServizio = (serviceId: string) => `/area-amministrativa/servizi/${encodeURIComponent(serviceId)}/cittadini`
/** Read-only view of a compiled survey. */
export const pathQuestionarioCompilato = (serviceId: string, id: string) =>
  `${pathCittadiniServizio(serviceId)}/compilato/${encodeURIComponent(id)}`
/** Compile wizard of a survey. */
export const pathCompilaQuestionario = (serviceId: string, id: string) =>
  `${pathCittadiniServizio(serviceId)}/compila/${encodeURIComponent(id)}`
