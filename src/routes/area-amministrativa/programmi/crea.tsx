import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { CreaProgrammaPage } from '../../../features/programmi/form/ProgrammaFormPage'

/** 'Crea nuovo programma' (platform-backend §2.1 POST /programma; platform-frontend §1.4 CTA). */
export const Route = createFileRoute('/area-amministrativa/programmi/crea')({
  staticData: { title: { page: 'Crea nuovo programma', section: 'Programmi' } },
  beforeLoad: requirePermissions(['tab.am', 'new.prgm']),
  component: CreaProgrammaPage,
})
