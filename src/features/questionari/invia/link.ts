/**
 * Pure helpers of 'Invia questionario' (spec 002 §2, §7; platform-backend §5.6): the absolute link the
 * citizen opens, the Italian expiry text, and the reason the button is disabled.
 */
import { formatDisplayDate, formatDisplayTime } from '../../../lib/dates'

/** The server answers a path (`/servizi/questionario/{id}/online/{token}`): made absolute on this origin. */
export function absoluteLink(link: string, origin: string = typeof location !== 'undefined' ? location.origin : 'http://127.0.0.1:8080'): string {
  try {
    return new URL(link, origin).toString()
  } catch {
    return link
  }
}

/** 'Valido fino al DD-MM-YYYY alle HH:mm' (local time); '' when the timestamp is unreadable. */
export function scadenzaText(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return `Valido fino al ${formatDisplayDate(d)} alle ${formatDisplayTime(d)}`
}

export const MOTIVO_SENZA_ID = 'Il questionario non è ancora sul server: potrai inviarlo al cittadino quando i dati saranno sincronizzati.'
export const MOTIVO_OFFLINE = 'Serve la connessione: il link del questionario viene creato sul server.'

/** Why the button is disabled (null when usable; `disabled` by the caller gives no reason of ours). */
export function motivoDisabilitato(idQuestionario: string | null, online: boolean): string | null {
  if (idQuestionario === null || idQuestionario === '') return MOTIVO_SENZA_ID
  if (!online) return MOTIVO_OFFLINE
  return null
}
