import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { UtentiPage } from '../../../features/utenti/UtentiPage'
import { prefetchRead } from '../../../api/prefetch'
import { utentiDefinition } from '../../../features/utenti'
import { listPageQuery } from '../../../ui/list/ServerList'

/** 'Elenco utenti' (spec 002 §2; platform-frontend §1.4). */
export const Route = createFileRoute('/area-amministrativa/utenti/')({
  staticData: { title: { page: 'Utenti', section: 'Area amministrativa' } },
  beforeLoad: requirePermissions(['tab.am', 'subtab.utenti']),
  loader: (ctx) => prefetchRead(ctx, () => [listPageQuery(utentiDefinition(false), ctx.location.search)]),
  codeSplitGroupings: [['loader', 'component']],
  component: UtentiPage,
})
