/**
 * The consent step of the compilation (platform-backend §6.4; issue 8 point 1): when the citizen's Q1 shows
 * no recorded consent, step Q1 asks how the citizen gave it — Cartaceo (the printed form signed), Email or
 * Online — and when (default today, never after today). Pure form rules, no React.
 */
import { TIPO_CONFERIMENTO_CONSENSO, type TipoConferimentoConsenso } from '../../api/contract/enums'
import type { ConsensoTrattamentoDati } from '../../api/contract/questionario'
import { isCalendarDate, parseWireDate } from '../../lib/dates'
import { haConsenso } from '../../lib/survey-instance'
import { MSG_REQUIRED } from '../../lib/validation'

/** The consent fields as the form holds them: type ('' = not chosen) and date 'YYYY-MM-DD' (the date input's value). */
export interface ConsensoForm {
  tipo: TipoConferimentoConsenso | ''
  data: string
}

/** Options of the consent type, with the exact labels of the reference (platform-frontend §4). */
export const OPZIONI_CONSENSO = TIPO_CONFERIMENTO_CONSENSO

export const MSG_CONSENSO_TIPO = 'Indica come il cittadino ha dato il consenso'
export const MSG_CONSENSO_DATA = 'Indica una data valida'
export const MSG_CONSENSO_FUTURO = 'La data del consenso non può essere successiva a oggi'

/** True when the compilation must ask the consent: the citizen's Q1 (contract encoding) shows none. */
export function serveConsenso(sezioneQ1: string): boolean {
  return !haConsenso(sezioneQ1)
}

/** The empty form: no type, today's date. */
export function consensoIniziale(oggi: string): ConsensoForm {
  return { tipo: '', data: oggi }
}

/** Italian messages by field ('tipo', 'data'); {} when the consent can be sent. */
export function erroriConsenso(f: ConsensoForm, oggi: string): Partial<Record<keyof ConsensoForm, string>> {
  const out: Partial<Record<keyof ConsensoForm, string>> = {}
  if (!f.tipo) out.tipo = MSG_CONSENSO_TIPO
  const p = parseWireDate(f.data)
  if (!f.data) out.data = MSG_REQUIRED
  else if (!p || !isCalendarDate(p.year, p.month, p.day)) out.data = MSG_CONSENSO_DATA
  else if (f.data > oggi) out.data = MSG_CONSENSO_FUTURO
  return out
}

/** The consent to send (the form must be free of errors). */
export function consensoDaForm(f: ConsensoForm): ConsensoTrattamentoDati | null {
  return f.tipo ? { tipoConferimentoConsenso: f.tipo, dataConferimentoConsenso: f.data } : null
}
