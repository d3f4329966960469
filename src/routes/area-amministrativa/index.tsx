import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { SectionPage } from '../../features/shell/SectionPage'

export const Route = createFileRoute('/area-amministrativa/')({
  staticData: { title: { page: 'Area amministrativa' } },
  beforeLoad: requirePermissions(['tab.am']),
  component: () => <SectionPage id="area-amministrativa" />,
})
