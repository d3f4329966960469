import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../../auth/guards'
import { ModificaProgettoPage } from '../../../../features/programmi/progetti/form/ProgettoFormPage'

/** 'Modifica progetto' (platform-backend §2.2 PUT /progetto/{id}). */
export const Route = createFileRoute('/area-amministrativa/progetti/$idProgetto/modifica')({
  staticData: { title: { page: 'Modifica progetto', section: 'Progetti' } },
  beforeLoad: requirePermissions(['tab.am', 'upd.car.prgt']),
  component: function ProgettoModifica() {
    const { idProgetto } = Route.useParams()
    return <ModificaProgettoPage id={idProgetto} />
  },
})
