/**
 * 'Richieste di assistenza' (`/richieste-assistenza`, `list.ticket`: DTD): the technical-assistance
 * requests received, on the list pattern.
 */
import { useMemo } from 'react'
import { QueryProvider } from '../../api/query'
import { useSession } from '../../auth/session'
import { ListScreen } from '../../ui/list/ListScreen'
import { ServerList } from '../../ui/list/ServerList'
import { ticketDefinition } from './lista'

export function TicketPage() {
  const session = useSession()
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the profile changes
  const definition = useMemo(() => ticketDefinition(), [session.profilo])
  return (
    <ListScreen title="Richieste di assistenza" testId="ticket-page"
      description="Le richieste di assistenza tecnica inviate da facilitatori, volontari, referenti e delegati.">
      <QueryProvider>
        <ServerList definition={definition} />
      </QueryProvider>
    </ListScreen>
  )
}
