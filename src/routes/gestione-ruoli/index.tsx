import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { RuoliPage } from '../../features/ruoli/RuoliPage'
import { prefetchRead } from '../../api/prefetch'
import { ruoliDefinition } from '../../features/ruoli'
import { listPageQuery } from '../../ui/list/ServerList'

/** 'Gestione ruoli' (spec 002 §1: list.ruoli). */
export const Route = createFileRoute('/gestione-ruoli/')({
  staticData: { title: { page: 'Gestione ruoli' } },
  beforeLoad: requirePermissions(['list.ruoli']),
  loader: (ctx) => prefetchRead(ctx, () => [listPageQuery(ruoliDefinition(), ctx.location.search)]),
  codeSplitGroupings: [['loader', 'component']],
  component: RuoliPage,
})
