import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { SectionPage } from '../../../features/shell/SectionPage'

/** Site detail (platform-frontend §1.4 `sedi/:entityId`): address, opening slots, facilitators. */
export const Route = createFileRoute('/area-amministrativa/sedi/$idSede')({
  staticData: { title: { page: () => 'Sede', section: 'Enti' } },
  beforeLoad: requirePermissions(['tab.am']),
  component: function SedeDetail() {
    return <SectionPage id="sede" title="Sede" />
  },
})
