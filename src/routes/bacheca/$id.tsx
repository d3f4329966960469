import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { DetailPage, detailPageQuery } from '../../features/community/DetailPage'
import { NUMERIC_ID, pathParams } from '../../lib/route-params'
import { prefetchRead } from '../../api/prefetch'

/** Detail of a content item (spec 001 §2 /bacheca/{id}); a missing or unreadable item sends the user to the list. */
export const Route = createFileRoute('/bacheca/$id')({
  staticData: { title: { page: 'Annuncio', section: 'Bacheca' } },
  params: pathParams({ id: NUMERIC_ID }),
  beforeLoad: requirePermissions(['tab.bach', 'view.card.news']),
  loader: (ctx) => prefetchRead(ctx, () => [detailPageQuery('board', Number(ctx.params.id))]),
  codeSplitGroupings: [['loader', 'component']],
  component: function CommunityDetail() {
    const { id } = Route.useParams()
    return <DetailPage key={id} section="board" itemId={Number(id)} />
  },
})
