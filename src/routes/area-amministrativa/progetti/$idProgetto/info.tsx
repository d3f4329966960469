import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../../auth/guards'
import { ProgettoDetailPage } from '../../../../features/programmi/progetti/ProgettoDetailPage'
import { tabProgetto } from '../../../../features/programmi/tabs'
import { NUMERIC_ID, pathParams } from '../../../../lib/route-params'
import { prefetchRead } from '../../../../api/prefetch'
import { schedaProgettoQuery } from '../../../../features/programmi'

/**
 * Project detail with its tabs (`?tab=`: info, steps 1–4, ente-gestore, enti-partner); guarded by tab.am
 * only: the 'Progetto' menu entry of project-level roles leads here (the server checks the project, A02).
 */
export const Route = createFileRoute('/area-amministrativa/progetti/$idProgetto/info')({
  staticData: { title: { page: ({ params, label }) => label(`/area-amministrativa/progetti/${params.idProgetto}`) ?? 'Progetto', section: 'Progetti' } },
  // `tab` plus the list params of the steps' lists (pagina, cerca, filters, ordina: read by useListUrlState)
  params: pathParams({ idProgetto: NUMERIC_ID }),
  validateSearch: (search: Record<string, unknown>): { tab?: string } & Record<string, unknown> => {
    const { tab, ...lista } = search
    return typeof tab === 'string' && tab !== 'info' ? { ...lista, tab: tabProgetto(tab) } : lista
  },
  beforeLoad: requirePermissions(['tab.am']),
  loader: (ctx) => prefetchRead(ctx, () => [schedaProgettoQuery(ctx.params.idProgetto)]),
  codeSplitGroupings: [['loader', 'component']],
  component: function ProgettoInfo() {
    const { idProgetto } = Route.useParams()
    const { tab } = Route.useSearch()
    return <ProgettoDetailPage id={idProgetto} tab={tabProgetto(tab)} />
  },
})
