import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { ChiHaVistoPage } from '../../features/registro-accessi/ChiHaVistoPage'

/** 'Chi ha visto i dati di un cittadino' (issue 28 part 1; `view.registro.accessi`): reads only when asked, no loader. */
export const Route = createFileRoute('/registro-accessi/cittadino')({
  staticData: { title: { page: 'Chi ha visto i dati di un cittadino' } },
  beforeLoad: requirePermissions(['view.registro.accessi']),
  component: ChiHaVistoPage,
})
