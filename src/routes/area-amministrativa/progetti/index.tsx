import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { ProgettiPage } from '../../../features/programmi/progetti/ProgettiPage'
import { prefetchRead } from '../../../api/prefetch'
import { progettiDefinition } from '../../../features/programmi'
import { listPageQuery } from '../../../ui/list/ServerList'

/** 'Elenco progetti' (spec 002 §2; platform-frontend §1.4). */
export const Route = createFileRoute('/area-amministrativa/progetti/')({
  staticData: { title: { page: 'Progetti', section: 'Area amministrativa' } },
  beforeLoad: requirePermissions(['tab.am', 'subtab.prgt']),
  loader: (ctx) => prefetchRead(ctx, () => [listPageQuery(progettiDefinition(false), ctx.location.search)]),
  codeSplitGroupings: [['loader', 'component']],
  component: ProgettiPage,
})
