import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../../auth/guards'
import { StampaLinkPage } from '../../../../features/questionari/invia/StampaLinkPage'
import { withService } from '../../../../ui/shell/page-title'
import { DEVICE_ID, pathParams } from '../../../../lib/route-params'

/** Printable sheet of the links made by 'Invia questionario a tutti' (issue 8 point 3, access tab.am), drawn without the shell (`isBarePage`). */
export const Route = createFileRoute('/area-amministrativa/servizi/$serviceId/stampa-link')({
  staticData: { title: { page: ({ params, label }) => withService('Link ai questionari', label(`/area-amministrativa/servizi/${params.serviceId}`)), section: 'Servizi' } },
  params: pathParams({ serviceId: DEVICE_ID }),
  beforeLoad: requirePermissions(['tab.am']),
  component: function StampaLinkRoute() {
    const { serviceId } = Route.useParams()
    return <StampaLinkPage serviceId={serviceId} />
  },
})
