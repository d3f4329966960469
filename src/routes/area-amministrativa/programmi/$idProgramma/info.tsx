import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../../auth/guards'
import { ProgrammaDetailPage } from '../../../../features/programmi/ProgrammaDetailPage'
import { tabProgramma } from '../../../../features/programmi/tabs'
import { NUMERIC_ID, pathParams } from '../../../../lib/route-params'
import { prefetchRead } from '../../../../api/prefetch'
import { schedaProgrammaQuery } from '../../../../features/programmi'

/**
 * Programme detail with its tabs (`?tab=`: info, steps 1–4, ente-gestore, progetti); guarded by tab.am
 * only: the 'Programma' menu entry of REG/DEG leads here (the server checks the programme, A02).
 */
export const Route = createFileRoute('/area-amministrativa/programmi/$idProgramma/info')({
  staticData: { title: { page: ({ params, label }) => label(`/area-amministrativa/programmi/${params.idProgramma}`) ?? 'Programma', section: 'Programmi' } },
  // `tab` plus the list params of the steps' lists (pagina, cerca, filters, ordina: read by useListUrlState)
  params: pathParams({ idProgramma: NUMERIC_ID }),
  validateSearch: (search: Record<string, unknown>): { tab?: string } & Record<string, unknown> => {
    const { tab, ...lista } = search
    return typeof tab === 'string' && tab !== 'info' ? { ...lista, tab: tabProgramma(tab) } : lista
  },
  beforeLoad: requirePermissions(['tab.am']),
  loader: (ctx) => prefetchRead(ctx, () => [schedaProgrammaQuery(ctx.params.idProgramma)]),
  codeSplitGroupings: [['loader', 'component']],
  component: function ProgrammaInfo() {
    const { idProgramma } = Route.useParams()
    const { tab } = Route.useSearch()
    return <ProgrammaDetailPage id={idProgramma} tab={tabProgramma(tab)} />
  },
})
