import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { SectionPage } from '../../../features/shell/SectionPage'

export const Route = createFileRoute('/area-amministrativa/progetti/')({
  staticData: { title: { page: 'Progetti', section: 'Area amministrativa' } },
  beforeLoad: requirePermissions(['tab.am', 'subtab.prgt']),
  component: () => <SectionPage id="progetti" />,
})
