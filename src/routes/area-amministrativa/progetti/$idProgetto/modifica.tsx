import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../../auth/guards'
import { ModificaProgettoPage } from '../../../../features/programmi/progetti/form/ProgettoFormPage'
import { NUMERIC_ID, pathParams } from '../../../../lib/route-params'
import { prefetchRead } from '../../../../api/prefetch'
import { schedaProgettoQuery } from '../../../../features/programmi'

/** 'Modifica progetto' (platform-backend §2.2 PUT /progetto/{id}). */
export const Route = createFileRoute('/area-amministrativa/progetti/$idProgetto/modifica')({
  staticData: { title: { page: 'Modifica progetto', section: 'Progetti' } },
  params: pathParams({ idProgetto: NUMERIC_ID }),
  beforeLoad: requirePermissions(['tab.am', 'upd.car.prgt']),
  loader: (ctx) => prefetchRead(ctx, () => [schedaProgettoQuery(ctx.params.idProgetto)]),
  codeSplitGroupings: [['loader', 'component']],
  component: function ProgettoModifica() {
    const { idProgetto } = Route.useParams()
    return <ModificaProgettoPage id={idProgetto} />
  },
})
