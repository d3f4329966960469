/**
 * Pure helpers of 'Invia questionario' and 'Invia questionario a tutti' (spec 002 §2, §7; platform-backend
 * §5.6; platform-frontend §3.6): the absolute link the citizen opens, the Italian expiry text, and the
 * reasons the buttons are disabled.
 */
import { formatDisplayDate, formatDisplayTime } from '../../../lib/dates'
import { countLabel } from '../../../lib/plural'

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

export const MOTIVO_SERVIZIO_NON_INVIATO = 'Il servizio non è ancora sul server: potrai inviare i questionari quando i dati saranno sincronizzati.'
export const MOTIVO_CITTADINI_NON_INVIATI = 'I cittadini non sono ancora sul server: potrai inviare i questionari quando i dati saranno sincronizzati.'
export const MOTIVO_NESSUN_CITTADINO = 'Aggiungi i cittadini al servizio per inviare loro il questionario.'
export const MOTIVO_TUTTI_COMPILATI = 'Tutti i questionari del servizio sono già compilati.'

/** What 'Invia questionario a tutti' counts: the service's surveys not compiled, on the server or only on the device, and all. */
export interface ConteggioInvio {
  /** surveys not compiled that are on the server (each gets a link) */
  daInviare: number
  /** surveys not compiled still only on this device (no link until they are sent) */
  soloSulDispositivo: number
  /** citizens of the service */
  totale: number
}

/** Why 'Invia questionario a tutti' is disabled (null when usable). */
export function motivoInviaATutti(idServizio: number | null, online: boolean, c: ConteggioInvio): string | null {
  if (idServizio === null) return MOTIVO_SERVIZIO_NON_INVIATO
  if (!online) return MOTIVO_OFFLINE
  if (c.daInviare > 0) return null
  if (c.soloSulDispositivo > 0) return MOTIVO_CITTADINI_NON_INVIATI
  return c.totale === 0 ? MOTIVO_NESSUN_CITTADINO : MOTIVO_TUTTI_COMPILATI
}

/** The confirmation text of 'Invia questionario a tutti'. */
export function testoConfermaInviaATutti(c: ConteggioInvio): string[] {
  const chi = c.daInviare === 1 ? 'il cittadino che non ha' : `i ${countLabel(c.daInviare, 'cittadino che non ha', 'cittadini che non hanno')}`
  const out = [
    `Verrà creato un link al questionario per ${chi} ancora compilato il questionario, da stampare in un unico foglio con i codici QR.`,
    'Se a un cittadino avevi già inviato il questionario, il link precedente non sarà più valido.',
  ]
  if (c.soloSulDispositivo > 0) {
    out.push(`${countLabel(c.soloSulDispositivo, 'cittadino aggiunto su questo dispositivo non è ancora sul server: non riceverà', 'cittadini aggiunti su questo dispositivo non sono ancora sul server: non riceveranno')} il link.`)
  }
  return out
}
