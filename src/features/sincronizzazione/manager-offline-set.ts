/**
 * Managers read offline (issue 9 point 6): the pages a manager opens offline need their code in the
 * service worker's cache, and every file that is not precached at install belongs to the offline set
 * named `field` (sw/precache-split.ts: all the logged-in routes, not only the field's). The field's own
 * request (field-offline-set.ts) covers FAC/VOL profiles; this one asks for the same set when the session
 * runs with any other profile (at start and at each change of profile). Started by the offline wiring.
 */
import { getSessionState, subscribeSession } from '../../auth/session'
import { requestOfflineSet } from '../../pwa/offline-sets'
import { FIELD_SET } from '../../../sw/messages'
import { isFieldRole } from '../../lib/ruoli'

/** Key of the current manager profile ('' for none or for a FAC/VOL one). */
function managerProfileKey(): string {
  const s = getSessionState()
  const p = s.status === 'authenticated' ? s.profilo : null
  if (!p || isFieldRole(p.codiceRuolo)) return ''
  return [p.codiceRuolo, p.idProgramma, p.idProgetto, p.idEnte].join('|')
}

/** Asks for the set now (manager profile) and at each change to another manager profile; returns the stop function. */
export function startManagerOfflineSet(request: (set: string) => void = requestOfflineSet): () => void {
  let last = ''
  const check = () => {
    const key = managerProfileKey()
    if (key && key !== last) request(FIELD_SET)
    last = key
  }
  check()
  return subscribeSession(check)
}
