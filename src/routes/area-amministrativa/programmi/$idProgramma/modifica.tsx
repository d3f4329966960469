import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../../auth/guards'
import { ModificaProgrammaPage } from '../../../../features/programmi/form/ProgrammaFormPage'
import { NUMERIC_ID, pathParams } from '../../../../lib/route-params'
import { prefetchRead } from '../../../../api/prefetch'
import { schedaProgrammaQuery } from '../../../../features/programmi'

/** 'Modifica programma' (platform-backend §2.1 PUT /programma/{id}). */
export const Route = createFileRoute('/area-amministrativa/programmi/$idProgramma/modifica')({
  staticData: { title: { page: 'Modifica programma', section: 'Programmi' } },
  params: pathParams({ idProgramma: NUMERIC_ID }),
  beforeLoad: requirePermissions(['tab.am', 'upd.enti.card.prgm']),
  loader: (ctx) => prefetchRead(ctx, () => [schedaProgrammaQuery(ctx.params.idProgramma)]),
  codeSplitGroupings: [['loader', 'component']],
  component: function ProgrammaModifica() {
    const { idProgramma } = Route.useParams()
    return <ModificaProgrammaPage id={idProgramma} />
  },
})
