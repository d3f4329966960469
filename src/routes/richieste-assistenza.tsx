import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../auth/guards'
import { TicketPage } from '../features/assistenza/TicketPage'
import { prefetchRead } from '../api/prefetch'
import { ticketDefinition } from '../features/assistenza'
import { listPageQuery } from '../ui/list/ServerList'

/** The assistance requests received (issue 11 point 4; `list.ticket`: DTD). */
export const Route = createFileRoute('/richieste-assistenza')({
  staticData: { title: { page: 'Richieste di assistenza' } },
  beforeLoad: requirePermissions(['list.ticket']),
  loader: (ctx) => prefetchRead(ctx, () => [listPageQuery(ticketDefinition(), ctx.location.search)]),
  codeSplitGroupings: [['loader', 'component']],
  component: TicketPage,
})
