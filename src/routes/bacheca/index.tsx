import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { SectionPage } from '../../features/shell/SectionPage'

export const Route = createFileRoute('/bacheca/')({
  staticData: { title: { page: 'Bacheca' } },
  beforeLoad: requirePermissions(['tab.bach', 'list.news']),
  component: () => <SectionPage id="bacheca" />,
})
