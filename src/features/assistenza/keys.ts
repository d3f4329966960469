/** Query keys of the assistance pages (issue 26 point 4): the received tickets' list and the thematic areas of a role. */
import { rootKeys } from '../../api/query-keys'

export const assistenzaKeys = {
  /** the tickets' list (wireList appends the profile's scope) */
  ticket: rootKeys.ticketAssistenza,
  tematiche: (codiceRuolo: string | undefined) => [...rootKeys.assistenza, 'tematiche', codiceRuolo] as const,
}
