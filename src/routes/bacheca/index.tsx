import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { ListPage } from '../../features/community/ListPage'

export const Route = createFileRoute('/bacheca/')({
  staticData: { title: { page: 'Bacheca' } },
  beforeLoad: requirePermissions(['tab.bach', 'list.news']),
  component: () => <ListPage section="board" />,
})
