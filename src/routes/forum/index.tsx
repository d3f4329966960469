import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { ListPage, listPageReads } from '../../features/community/ListPage'
import { prefetchRead } from '../../api/prefetch'

export const Route = createFileRoute('/forum/')({
  staticData: { title: { page: 'Forum' } },
  beforeLoad: requirePermissions(['tab.comm', 'list.topic']),
  loader: (ctx) => prefetchRead(ctx, () => listPageReads('community')),
  codeSplitGroupings: [['loader', 'component']],
  component: () => <ListPage section="community" />,
})
