import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../../auth/guards'
import { ModificaProgrammaPage } from '../../../../features/programmi/form/ProgrammaFormPage'
import { NUMERIC_ID, pathParams } from '../../../../lib/route-params'

/** 'Modifica programma' (platform-backend §2.1 PUT /programma/{id}). */
export const Route = createFileRoute('/area-amministrativa/programmi/$idProgramma/modifica')({
  staticData: { title: { page: 'Modifica programma', section: 'Programmi' } },
  params: pathParams({ idProgramma: NUMERIC_ID }),
  beforeLoad: requirePermissions(['tab.am', 'upd.enti.card.prgm']),
  component: function ProgrammaModifica() {
    const { idProgramma } = Route.useParams()
    return <ModificaProgrammaPage id={idProgramma} />
  },
})
