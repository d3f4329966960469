import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { SectionPage } from '../../../features/shell/SectionPage'

export const Route = createFileRoute('/area-amministrativa/questionari/')({
  staticData: { title: { page: 'Questionari', section: 'Area amministrativa' } },
  beforeLoad: requirePermissions(['tab.am', 'subtab.quest']),
  component: () => <SectionPage id="questionari" />,
})
