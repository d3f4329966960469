/**
 * Calls of the assistance request (src/api/contract/assistenza.ts): the thematic areas (with 'Altro'
 * appended when missing, platform-frontend §6) and the ticket, sent silently through the one `write` (the page
 * shows the outcome, spec 002 §2 step 3; the received tickets' list refreshes).
 */
import * as v from 'valibot'
import { apiPost } from '../../api/client'
import { TematicheSchema, type Tematica } from '../../api/contract/assistenza'
import { profileIds } from '../../api/lists'
import { write } from '../../api/write'
import { assistenzaKeys } from './keys'
import { ALTRO_TAG } from '../../lib/assistenza'

const TicketApertoSchema = v.object({ id: v.number(), codice: v.string(), text: v.string(), emailInviata: v.boolean() })

/** The areas for the select, 'Altro' last. */
export async function fetchTematiche(signal?: AbortSignal): Promise<Tematica[]> {
  const aree = await apiPost('assistenza/tematiche', profileIds(), TematicheSchema, { signal, silent: true })
  return aree.some((a) => a.tag === ALTRO_TAG) ? aree : [...aree, { tag: ALTRO_TAG, descrizione: 'Altro' }]
}

/** The thematic areas offered to role `codiceRuolo`, as a query (`enabled`: the step that shows them). */
export function tematicheQuery(codiceRuolo: string | undefined, enabled: boolean) {
  return { queryKey: assistenzaKeys.tematiche(codiceRuolo), queryFn: ({ signal }: { signal: AbortSignal }) => fetchTematiche(signal), enabled }
}

export interface RichiestaAssistenza { areaTematica: string; altraAreaTematica: string; oggetto: string; descrizione: string; fileData: string }

/** Sends the request; throws ApiCallError (no toast). */
export function inviaRichiesta(r: RichiestaAssistenza) {
  return write({
    method: 'post', path: 'assistenza/apriTicket', schema: TicketApertoSchema, toast: 'none', invalidate: [assistenzaKeys.ticket],
    body: {
      areaTematica: r.areaTematica, altraAreaTematica: r.areaTematica === ALTRO_TAG ? r.altraAreaTematica : null,
      oggetto: r.oggetto, descrizione: r.descrizione, fileData: r.fileData || null,
    },
  })
}
