import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { SectionPage } from '../../features/shell/SectionPage'

export const Route = createFileRoute('/forum/')({
  staticData: { title: { page: 'Forum' } },
  beforeLoad: requirePermissions(['tab.comm', 'list.topic']),
  component: () => <SectionPage id="forum" />,
})
