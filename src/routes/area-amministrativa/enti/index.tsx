import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { SectionPage } from '../../../features/shell/SectionPage'

export const Route = createFileRoute('/area-amministrativa/enti/')({
  staticData: { title: { page: 'Enti', section: 'Area amministrativa' } },
  beforeLoad: requirePermissions(['tab.am', 'subtab.enti']),
  component: () => <SectionPage id="enti" />,
})
