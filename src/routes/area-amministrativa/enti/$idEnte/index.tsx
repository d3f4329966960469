import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../../auth/guards'
import { EnteDetailPage } from '../../../../features/enti/EnteDetailPage'

/** Body detail (platform-frontend §1.4 `enti/:authorityId`: tab.am + view.card.enti). */
export const Route = createFileRoute('/area-amministrativa/enti/$idEnte/')({
  staticData: { title: { page: ({ params, label }) => label(`/area-amministrativa/enti/${params.idEnte}`) ?? 'Ente', section: 'Enti' } },
  beforeLoad: requirePermissions(['tab.am', 'view.card.enti'], '/area-amministrativa/enti'),
  component: function EnteDetail() {
    const { idEnte } = Route.useParams()
    return <EnteDetailPage idEnte={idEnte} />
  },
})
