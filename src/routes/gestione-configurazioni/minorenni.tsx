import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { MinorenniPage } from '../../features/minorenni/MinorenniPage'
import { prefetchRead } from '../../api/prefetch'
import { minorenniDefinition } from '../../features/minorenni'
import { listPageQuery } from '../../ui/list/ServerList'

/** Minors configuration (spec 002 §1: view.conf.min). */
export const Route = createFileRoute('/gestione-configurazioni/minorenni')({
  staticData: { title: { page: 'Minorenni', section: 'Gestione configurazioni' } },
  beforeLoad: requirePermissions(['view.conf.min']),
  loader: (ctx) => prefetchRead(ctx, () => [listPageQuery(minorenniDefinition(null), ctx.location.search)]),
  codeSplitGroupings: [['loader', 'component']],
  component: MinorenniPage,
})
