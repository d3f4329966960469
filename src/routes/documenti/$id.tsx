import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { DetailPage, detailPageQuery } from '../../features/community/DetailPage'
import { NUMERIC_ID, pathParams } from '../../lib/route-params'
import { prefetchRead } from '../../api/prefetch'

/** Detail of a content item (spec 001 §2 /documenti/{id}); a missing or unreadable item sends the user to the list. */
export const Route = createFileRoute('/documenti/$id')({
  staticData: { title: { page: 'Documento', section: 'Documenti' } },
  params: pathParams({ id: NUMERIC_ID }),
  beforeLoad: requirePermissions(['tab.doc', 'view.card.doc']),
  loader: (ctx) => prefetchRead(ctx, () => [detailPageQuery('document', Number(ctx.params.id))]),
  codeSplitGroupings: [['loader', 'component']],
  component: function CommunityDetail() {
    const { id } = Route.useParams()
    return <DetailPage key={id} section="document" itemId={Number(id)} />
  },
})
