import { createFileRoute } from '@tanstack/react-router'
import { allowEndedFieldProfile, requirePermissions } from '../../../auth/guards'
import { serviziListReads, ServiziPage } from '../../../features/servizi/list/ServiziPage'
import { prefetchRead } from '../../../api/prefetch'

/** 'Elenco servizi' (spec 002 §2): tab.am + subtab.serv. */
export const Route = createFileRoute('/area-amministrativa/servizi/')({
  staticData: { title: { page: 'Elenco servizi', section: 'Area amministrativa' } },
  beforeLoad: allowEndedFieldProfile(requirePermissions(['tab.am', 'subtab.serv'])),
  loader: (ctx) => prefetchRead(ctx, () => serviziListReads(ctx.location.search)),
  codeSplitGroupings: [['loader', 'component']],
  component: ServiziPage,
})
