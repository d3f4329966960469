import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { ListPage, listPageReads } from '../../features/community/ListPage'
import { prefetchRead } from '../../api/prefetch'

export const Route = createFileRoute('/documenti/')({
  staticData: { title: { page: 'Documenti' } },
  beforeLoad: requirePermissions(['tab.doc', 'list.doc']),
  loader: (ctx) => prefetchRead(ctx, () => listPageReads('document')),
  codeSplitGroupings: [['loader', 'component']],
  component: () => <ListPage section="document" />,
})
