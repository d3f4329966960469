import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { ListPage } from '../../features/community/ListPage'

export const Route = createFileRoute('/forum/')({
  staticData: { title: { page: 'Forum' } },
  beforeLoad: requirePermissions(['tab.comm', 'list.topic']),
  component: () => <ListPage section="community" />,
})
