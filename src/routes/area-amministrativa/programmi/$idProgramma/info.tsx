import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../../auth/guards'
import { EntityInfoPage } from '../../../../features/shell/EntityInfoPage'

/** Programme info; guarded by tab.am only: the 'Programma' menu entry of REG/DEG leads here. */
export const Route = createFileRoute('/area-amministrativa/programmi/$idProgramma/info')({
  staticData: { title: { page: ({ params, label }) => label(`/area-amministrativa/programmi/${params.idProgramma}`) ?? 'Programma', section: 'Programmi' } },
  beforeLoad: requirePermissions(['tab.am']),
  component: function ProgrammaInfo() {
    const { idProgramma } = Route.useParams()
    return <EntityInfoPage kind="programma" id={idProgramma} />
  },
})
