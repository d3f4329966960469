import { createFileRoute } from '@tanstack/react-router'
import { allowEndedFieldProfile, requirePermissions } from '../../../../../auth/guards'
import { ServizioDetailPage, servizioDetailReads } from '../../../../../features/servizi/detail/ServizioDetailPage'
import { withService } from '../../../../../ui/shell/page-title'
import { DEVICE_ID, pathParams } from '../../../../../lib/route-params'
import { prefetchRead } from '../../../../../api/prefetch'

/** Service detail, tab 'Cittadini' (view.card.serv). */
export const Route = createFileRoute('/area-amministrativa/servizi/$serviceId/cittadini/')({
  staticData: { title: { page: ({ params, label }) => withService('Cittadini', label(`/area-amministrativa/servizi/${params.serviceId}`)), section: 'Servizi' } },
  params: pathParams({ serviceId: DEVICE_ID }),
  beforeLoad: allowEndedFieldProfile(requirePermissions(['tab.am', 'view.card.serv'], '/area-amministrativa/servizi')),
  loader: (ctx) => prefetchRead(ctx, () => servizioDetailReads(ctx.params.serviceId)),
  codeSplitGroupings: [['loader', 'component']],
  component: function ServizioCittadiniRoute() {
    const { serviceId } = Route.useParams()
    return <ServizioDetailPage serviceId={serviceId} tab="cittadini" />
  },
})
