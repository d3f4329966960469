import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { ListPage } from '../../features/community/ListPage'

export const Route = createFileRoute('/documenti/')({
  staticData: { title: { page: 'Documenti' } },
  beforeLoad: requirePermissions(['tab.doc', 'list.doc']),
  component: () => <ListPage section="document" />,
})
