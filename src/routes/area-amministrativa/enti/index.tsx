import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { EntiPage } from '../../../features/enti/EntiPage'
import { prefetchRead } from '../../../api/prefetch'
import { entiDefinition } from '../../../features/enti'
import { listPageQuery } from '../../../ui/list/ServerList'

/** 'Elenco enti' (spec 002 §2; platform-frontend §1.4). */
export const Route = createFileRoute('/area-amministrativa/enti/')({
  staticData: { title: { page: 'Enti', section: 'Area amministrativa' } },
  beforeLoad: requirePermissions(['tab.am', 'subtab.enti']),
  loader: (ctx) => prefetchRead(ctx, () => [listPageQuery(entiDefinition(false), ctx.location.search)]),
  codeSplitGroupings: [['loader', 'component']],
  component: EntiPage,
})
