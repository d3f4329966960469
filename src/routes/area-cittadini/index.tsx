import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { CittadiniRegistroPage } from '../../features/cittadini-registro/CittadiniRegistroPage'
import { prefetchRead } from '../../api/prefetch'
import { cittadiniDefinition } from '../../features/cittadini-registro'
import { listPageQuery } from '../../ui/list/ServerList'

/** 'Area cittadini': the citizens registry list (spec 002 §1: tab.citt; platform-frontend §1.3: tab.citt + list.citt). */
export const Route = createFileRoute('/area-cittadini/')({
  staticData: { title: { page: 'Area cittadini' } },
  beforeLoad: requirePermissions(['tab.citt', 'list.citt']),
  loader: (ctx) => prefetchRead(ctx, () => [listPageQuery(cittadiniDefinition(false), ctx.location.search)]),
  codeSplitGroupings: [['loader', 'component']],
  component: CittadiniRegistroPage,
})
