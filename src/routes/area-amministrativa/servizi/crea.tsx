import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { CreaServizioPage } from '../../../features/servizi/form/ServizioFormPage'

/** 'Crea servizio' (platform-frontend §4.1): facilitators and volunteers (new.serv). */
export const Route = createFileRoute('/area-amministrativa/servizi/crea')({
  staticData: { title: { page: 'Crea servizio', section: 'Servizi' } },
  beforeLoad: requirePermissions(['tab.am', 'subtab.serv', 'new.serv'], '/area-amministrativa/servizi'),
  component: CreaServizioPage,
})
