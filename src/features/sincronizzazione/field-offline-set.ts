/**
 * The field's offline set (delivery issue 7, item 3): the code a facilitator or volunteer needs offline —
 * field routes, codice-fiscale-js, Dexie, every icon, province.json — is not precached for anonymous
 * visitors; the service worker fetches it when asked (src/pwa/offline-sets.ts). Asked at the moments the
 * field sync uses (src/features/campo/sync.ts): when the logged-in session starts with a FAC/VOL
 * profile (right after the login, and at every start: what is already cached is not fetched again) and
 * whenever the chosen profile changes to a FAC/VOL one. Started by the offline wiring (`wiring.ts`).
 */
import { getSessionState, subscribeSession } from '../../auth/session'
import { requestOfflineSet } from '../../pwa/offline-sets'
import { FIELD_SET } from '../../../sw/messages'
import { isFieldRole } from '../../lib/ruoli'

/** Key of the current FAC/VOL profile ('' for none): a change asks for the set again. */
function fieldProfileKey(): string {
  const s = getSessionState()
  const p = s.status === 'authenticated' ? s.profilo : null
  if (!p || !isFieldRole(p.codiceRuolo)) return ''
  return [p.codiceRuolo, p.idProgramma, p.idProgetto, p.idEnte].join('|')
}

/** Asks for the field set now (FAC/VOL profile) and at each change to a FAC/VOL profile; returns the stop function. */
export function startFieldOfflineSet(request: (set: string) => void = requestOfflineSet): () => void {
  let last = ''
  const check = () => {
    const key = fieldProfileKey()
    if (key && key !== last) request(FIELD_SET)
    last = key
  }
  check()
  return subscribeSession(check)
}
