/**
 * Words of the notice shown when the profile the user was working with is no longer active (its project
 * or programme terminated, the role removed: platform-backend §2 lifecycles). Pure (tested).
 */
import type { Profilo } from '../../api/contract/contesto'

export const PROFILE_ENDED_TITLE = 'Il profilo con cui lavoravi non è più attivo'

/** 'Facilitatore – Progetto X – Ente Y': the ended profile as the user knows it (empty parts left out). */
export function describeEndedProfile(p: Profilo): string {
  const parts = [p.descrizioneRuolo, p.nomeProgettoBreve ?? p.nomeProgramma, p.nomeEnte].filter((x): x is string => !!x && x.trim() !== '')
  return parts.join(' – ')
}

/**
 * The notice's text: what happened, what stays on the device, what to do next. `otherProfiles` is how many
 * active profiles the user still has (0: only logging out is left).
 */
export function profileEndedText(p: Profilo, otherProfiles: number): string {
  const what = `Il profilo «${describeEndedProfile(p)}» non risulta più attivo: il progetto o il programma potrebbe essere terminato, oppure il ruolo è stato rimosso.`
  const data = ' I dati già presenti su questo dispositivo restano consultabili, ma non puoi registrarne di nuovi con questo profilo.'
  const next = otherProfiles > 0 ? ' Scegli un altro profilo per continuare a lavorare, oppure esci.' : ' Non hai altri profili attivi: puoi uscire e rivolgerti al referente del tuo ente.'
  return what + data + next
}
