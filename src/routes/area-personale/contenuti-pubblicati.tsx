import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { prefetchRead } from '../../api/prefetch'
import { MyContentsPage, myContentsReads } from '../../features/community/gestione/MyContentsPage'

/** 'I miei contenuti' (issue 12 point 6; spec 001 §2: `btn.cont`). */
export const Route = createFileRoute('/area-personale/contenuti-pubblicati')({
  staticData: { title: { page: 'Contenuti pubblicati', section: 'Area personale' } },
  beforeLoad: requirePermissions(['btn.cont']),
  loader: (ctx) => prefetchRead(ctx, () => myContentsReads(ctx.location.search)),
  codeSplitGroupings: [['loader', 'component']],
  component: MyContentsPage,
})
