import { createFileRoute } from '@tanstack/react-router'
import { prefetchRead } from '../../../../api/prefetch'
import { requirePermissions } from '../../../../auth/guards'
import { schedaEnteQuery } from '../../../../features/enti'
import { NUMERIC_ID, pathParams } from '../../../../lib/route-params'
import { EnteDetailPage } from '../../../../features/enti/EnteDetailPage'

/** Body detail (platform-frontend §1.4 `enti/:authorityId`: tab.am + view.card.enti). */
export const Route = createFileRoute('/area-amministrativa/enti/$idEnte/')({
  staticData: { title: { page: ({ params, label }) => label(`/area-amministrativa/enti/${params.idEnte}`) ?? 'Ente', section: 'Enti' } },
  params: pathParams({ idEnte: NUMERIC_ID }),
  beforeLoad: requirePermissions(['tab.am', 'view.card.enti'], '/area-amministrativa/enti'),
  loader: (ctx) => prefetchRead(ctx, () => [schedaEnteQuery(ctx.params.idEnte)]),
  codeSplitGroupings: [['loader', 'component']],
  component: function EnteDetail() {
    const { idEnte } = Route.useParams()
    return <EnteDetailPage idEnte={idEnte} />
  },
})
