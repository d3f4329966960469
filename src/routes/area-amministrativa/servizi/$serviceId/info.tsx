import { createFileRoute } from '@tanstack/react-router'
import { allowEndedFieldProfile, requirePermissions } from '../../../../auth/guards'
import { ServizioDetailPage, servizioDetailReads } from '../../../../features/servizi/detail/ServizioDetailPage'
import { DEVICE_ID, pathParams } from '../../../../lib/route-params'
import { prefetchRead } from '../../../../api/prefetch'

/** Service detail, tab 'Informazioni' (view.card.serv). */
export const Route = createFileRoute('/area-amministrativa/servizi/$serviceId/info')({
  staticData: { title: { page: ({ params, label }) => label(`/area-amministrativa/servizi/${params.serviceId}`) ?? 'Servizio', section: 'Servizi' } },
  params: pathParams({ serviceId: DEVICE_ID }),
  beforeLoad: allowEndedFieldProfile(requirePermissions(['tab.am', 'view.card.serv'], '/area-amministrativa/servizi')),
  loader: (ctx) => prefetchRead(ctx, () => servizioDetailReads(ctx.params.serviceId)),
  codeSplitGroupings: [['loader', 'component']],
  component: function ServizioInfoRoute() {
    const { serviceId } = Route.useParams()
    return <ServizioDetailPage serviceId={serviceId} tab="info" />
  },
})
