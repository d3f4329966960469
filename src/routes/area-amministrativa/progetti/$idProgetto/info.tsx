import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../../auth/guards'
import { EntityInfoPage } from '../../../../features/shell/EntityInfoPage'

/** Project info; guarded by tab.am only: the 'Progetto' menu entry of project-level roles leads here. */
export const Route = createFileRoute('/area-amministrativa/progetti/$idProgetto/info')({
  staticData: { title: { page: ({ params, label }) => label(`/area-amministrativa/progetti/${params.idProgetto}`) ?? 'Progetto', section: 'Progetti' } },
  beforeLoad: requirePermissions(['tab.am']),
  component: function ProgettoInfo() {
    const { idProgetto } = Route.useParams()
    return <EntityInfoPage kind="progetto" id={idProgetto} />
  },
})
