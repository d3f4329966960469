import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { SedeDetailPage } from '../../../features/sedi/SedeDetailPage'
import { NUMERIC_ID, pathParams } from '../../../lib/route-params'
import { prefetchRead } from '../../../api/prefetch'
import { schedaSedeQuery } from '../../../features/sedi'

/** Site detail (platform-frontend §1.4 `sedi/:entityId`): address, opening slots, bodies, projects and facilitators. */
export const Route = createFileRoute('/area-amministrativa/sedi/$idSede')({
  staticData: { title: { page: ({ params, label }) => label(`/area-amministrativa/sedi/${params.idSede}`) ?? 'Sede', section: 'Enti' } },
  params: pathParams({ idSede: NUMERIC_ID }),
  beforeLoad: requirePermissions(['tab.am']),
  loader: (ctx) => prefetchRead(ctx, () => [schedaSedeQuery(ctx.params.idSede)]),
  codeSplitGroupings: [['loader', 'component']],
  component: function SedeDetail() {
    const { idSede } = Route.useParams()
    return <SedeDetailPage idSede={idSede} />
  },
})
