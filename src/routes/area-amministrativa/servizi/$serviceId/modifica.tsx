import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../../auth/guards'
import { ModificaServizioPage } from '../../../../features/servizi/form/ServizioFormPage'

/** 'Modifica servizio' (platform-frontend §4.1): the facilitator or volunteer who created it (upd.card.serv). */
export const Route = createFileRoute('/area-amministrativa/servizi/$serviceId/modifica')({
  beforeLoad: requirePermissions(['tab.am', 'upd.card.serv'], '/area-amministrativa/servizi'),
  component: function ModificaServizioRoute() {
    const { serviceId } = Route.useParams()
    return <ModificaServizioPage serviceId={serviceId} />
  },
})
