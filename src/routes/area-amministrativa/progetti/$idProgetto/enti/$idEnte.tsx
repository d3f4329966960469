import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../../../auth/guards'
import { EnteInProgettoPage } from '../../../../../features/enti/EnteInProgettoPage'
import { NUMERIC_ID, pathParams } from '../../../../../lib/route-params'
import { prefetchRead } from '../../../../../api/prefetch'
import { schedaProgettoEnteQuery } from '../../../../../features/enti'

/**
 * A body inside a project (platform-frontend §1.4 `progetti/:projectId/:authorityType/:authorityId`): its role in the
 * project (managing or partner), referents and delegates, sites with opening hours and their facilitators.
 */
export const Route = createFileRoute('/area-amministrativa/progetti/$idProgetto/enti/$idEnte')({
  staticData: {
    title: {
      page: ({ params, label }) => label(`/area-amministrativa/progetti/${params.idProgetto}/enti/${params.idEnte}`) ?? 'Ente del progetto',
      section: 'Progetti',
    },
  },
  params: pathParams({ idProgetto: NUMERIC_ID, idEnte: NUMERIC_ID }),
  beforeLoad: requirePermissions(['tab.am']),
  loader: (ctx) => prefetchRead(ctx, () => [schedaProgettoEnteQuery(ctx.params.idProgetto)]),
  codeSplitGroupings: [['loader', 'component']],
  component: function EnteDelProgetto() {
    const { idProgetto, idEnte } = Route.useParams()
    return <EnteInProgettoPage idProgetto={idProgetto} idEnte={idEnte} />
  },
})
