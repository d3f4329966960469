import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../../auth/guards'
import { EnteFormPage } from '../../../../features/enti/EnteFormPage'
import { NUMERIC_ID, pathParams } from '../../../../lib/route-params'
import { prefetchRead } from '../../../../api/prefetch'
import { schedaEnteQuery } from '../../../../features/enti'

/** 'Modifica ente' (PUT /ente/{id}: upd.card.enti). */
export const Route = createFileRoute('/area-amministrativa/enti/$idEnte/modifica')({
  staticData: { title: { page: 'Modifica ente', section: 'Enti' } },
  params: pathParams({ idEnte: NUMERIC_ID }),
  beforeLoad: requirePermissions(['tab.am', 'upd.card.enti'], '/area-amministrativa/enti'),
  loader: (ctx) => prefetchRead(ctx, () => [schedaEnteQuery(ctx.params.idEnte)]),
  codeSplitGroupings: [['loader', 'component']],
  component: function ModificaEnte() {
    const { idEnte } = Route.useParams()
    return <EnteFormPage idEnte={idEnte} />
  },
})
