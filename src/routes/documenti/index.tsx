import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { SectionPage } from '../../features/shell/SectionPage'

export const Route = createFileRoute('/documenti/')({
  staticData: { title: { page: 'Documenti' } },
  beforeLoad: requirePermissions(['tab.doc', 'list.doc']),
  component: () => <SectionPage id="documenti" />,
})
