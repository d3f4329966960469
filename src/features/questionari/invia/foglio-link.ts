/**
 * The sheet of survey links made by 'Invia questionario a tutti' (issue 8 point 3), kept in memory only
 * for the page that prints it: the links carry their tokens in clear, so they are never written to the
 * device (a reload, or a logout, forgets them — a new 'Invia questionario a tutti' makes new ones).
 */
import type { InviaATuttiRisposta } from '../../../api/contract/questionario'
import { onLogout } from '../../../auth/logout'

/** One sheet: the service it belongs to (route id and name), when it was made, and its links. */
export interface FoglioLink {
  serviceRouteId: string
  nomeServizio: string
  /** ISO timestamp */
  creatoIl: string
  questionari: InviaATuttiRisposta['questionari']
}

let foglio: FoglioLink | null = null
let stopLogout: (() => void) | null = null

/** Keeps the sheet to print (replacing any previous one) until the next logout. */
export function setFoglioLink(f: FoglioLink): void {
  foglio = f
  stopLogout ??= onLogout(() => {
    foglio = null
  })
}

/** The sheet of the service with this route id, or null (none made in this session, or another service's). */
export function getFoglioLink(serviceRouteId: string): FoglioLink | null {
  return foglio && foglio.serviceRouteId === serviceRouteId ? foglio : null
}

/** Path of the printable sheet of a service. */
export const pathFoglioLink = (serviceRouteId: string) => `/area-amministrativa/servizi/${encodeURIComponent(serviceRouteId)}/stampa-link`
