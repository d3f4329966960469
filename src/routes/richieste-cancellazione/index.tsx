import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { prefetchRead } from '../../api/prefetch'
import { RichiesteCancellazionePage, richiesteDefinition } from '../../features/diritti'
import { listPageQuery } from '../../ui/list/ServerList'

/** 'Richieste di cancellazione' (issue 28 part 3; `gest.dati.personali`: DTD, or a custom data-protection role). */
export const Route = createFileRoute('/richieste-cancellazione/')({
  staticData: { title: { page: 'Richieste di cancellazione' } },
  beforeLoad: requirePermissions(['gest.dati.personali']),
  loader: (ctx) => prefetchRead(ctx, () => [listPageQuery(richiesteDefinition(null), ctx.location.search)]),
  codeSplitGroupings: [['loader', 'component']],
  component: RichiesteCancellazionePage,
})
