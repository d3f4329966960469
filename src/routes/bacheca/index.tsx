import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { ListPage, listPageReads } from '../../features/community/ListPage'
import { prefetchRead } from '../../api/prefetch'

export const Route = createFileRoute('/bacheca/')({
  staticData: { title: { page: 'Bacheca' } },
  beforeLoad: requirePermissions(['tab.bach', 'list.news']),
  loader: (ctx) => prefetchRead(ctx, () => listPageReads('board')),
  codeSplitGroupings: [['loader', 'component']],
  component: () => <ListPage section="board" />,
})
