import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../../../auth/guards'
import { ServizioDetailPage } from '../../../../../features/servizi/detail/ServizioDetailPage'

/** Service detail, tab 'Cittadini' (view.card.serv). */
export const Route = createFileRoute('/area-amministrativa/servizi/$serviceId/cittadini/')({
  beforeLoad: requirePermissions(['tab.am', 'view.card.serv'], '/area-amministrativa/servizi'),
  component: function ServizioCittadiniRoute() {
    const { serviceId } = Route.useParams()
    return <ServizioDetailPage serviceId={serviceId} tab="cittadini" />
  },
})
