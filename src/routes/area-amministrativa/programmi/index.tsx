import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { ProgrammiPage } from '../../../features/programmi/ProgrammiPage'
import { prefetchRead } from '../../../api/prefetch'
import { programmiDefinition } from '../../../features/programmi'
import { listPageQuery } from '../../../ui/list/ServerList'

/** 'Elenco programmi' (spec 002 §2; platform-frontend §1.4). */
export const Route = createFileRoute('/area-amministrativa/programmi/')({
  staticData: { title: { page: 'Programmi', section: 'Area amministrativa' } },
  beforeLoad: requirePermissions(['tab.am', 'subtab.prgm']),
  loader: (ctx) => prefetchRead(ctx, () => [listPageQuery(programmiDefinition(false), ctx.location.search)]),
  codeSplitGroupings: [['loader', 'component']],
  component: ProgrammiPage,
})
