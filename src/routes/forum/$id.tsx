import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { DetailPage, detailPageQuery } from '../../features/community/DetailPage'
import { NUMERIC_ID, pathParams } from '../../lib/route-params'
import { prefetchRead } from '../../api/prefetch'

/** Detail of a content item (spec 001 §2 /forum/{id}); a missing or unreadable item sends the user to the list. */
export const Route = createFileRoute('/forum/$id')({
  staticData: { title: { page: 'Argomento', section: 'Forum' } },
  params: pathParams({ id: NUMERIC_ID }),
  beforeLoad: requirePermissions(['tab.comm', 'view.card.topic']),
  loader: (ctx) => prefetchRead(ctx, () => [detailPageQuery('community', Number(ctx.params.id))]),
  codeSplitGroupings: [['loader', 'component']],
  component: function CommunityDetail() {
    const { id } = Route.useParams()
    return <DetailPage key={id} section="community" itemId={Number(id)} />
  },
})
