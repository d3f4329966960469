import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../auth/guards'
import { TicketPage } from '../features/assistenza/TicketPage'

/** The assistance requests received (issue 11 point 4; `list.ticket`: DTD). */
export const Route = createFileRoute('/richieste-assistenza')({
  staticData: { title: { page: 'Richieste di assistenza' } },
  beforeLoad: requirePermissions(['list.ticket']),
  component: TicketPage,
})
