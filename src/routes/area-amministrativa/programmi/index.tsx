import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { SectionPage } from '../../../features/shell/SectionPage'

export const Route = createFileRoute('/area-amministrativa/programmi/')({
  staticData: { title: { page: 'Programmi', section: 'Area amministrativa' } },
  beforeLoad: requirePermissions(['tab.am', 'subtab.prgm']),
  component: () => <SectionPage id="programmi" />,
})
