import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../../../auth/guards'
import { CreaProgettoPage } from '../../../../../features/programmi/progetti/form/ProgettoFormPage'
import { NUMERIC_ID, pathParams } from '../../../../../lib/route-params'
import { prefetchRead } from '../../../../../api/prefetch'
import { schedaProgrammaQuery } from '../../../../../features/programmi'

/** 'Crea nuovo progetto' inside a programme (platform-backend §2.2 POST /progetto?idProgramma=). */
export const Route = createFileRoute('/area-amministrativa/programmi/$idProgramma/progetti/crea')({
  staticData: { title: { page: 'Crea nuovo progetto', section: 'Programmi' } },
  params: pathParams({ idProgramma: NUMERIC_ID }),
  beforeLoad: requirePermissions(['tab.am', 'add.prgt']),
  loader: (ctx) => prefetchRead(ctx, () => [schedaProgrammaQuery(ctx.params.idProgramma)]),
  codeSplitGroupings: [['loader', 'component']],
  component: function ProgettoCrea() {
    const { idProgramma } = Route.useParams()
    return <CreaProgettoPage idProgramma={idProgramma} />
  },
})
