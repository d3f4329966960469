import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../../auth/guards'
import { ModificaServizioPage } from '../../../../features/servizi/form/ServizioFormPage'
import { withService } from '../../../../ui/shell/page-title'
import { DEVICE_ID, pathParams } from '../../../../lib/route-params'

/** 'Modifica servizio' (platform-frontend §4.1): the facilitator or volunteer who created it (upd.card.serv). */
export const Route = createFileRoute('/area-amministrativa/servizi/$serviceId/modifica')({
  staticData: { title: { page: ({ params, label }) => withService('Modifica servizio', label(`/area-amministrativa/servizi/${params.serviceId}`)), section: 'Servizi' } },
  params: pathParams({ serviceId: DEVICE_ID }),
  beforeLoad: requirePermissions(['tab.am', 'upd.card.serv'], '/area-amministrativa/servizi'),
  component: function ModificaServizioRoute() {
    const { serviceId } = Route.useParams()
    return <ModificaServizioPage serviceId={serviceId} />
  },
})
