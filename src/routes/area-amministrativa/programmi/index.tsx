import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { ProgrammiPage } from '../../../features/programmi/ProgrammiPage'

/** 'Elenco programmi' (spec 002 §2; platform-frontend §1.4). */
export const Route = createFileRoute('/area-amministrativa/programmi/')({
  staticData: { title: { page: 'Programmi', section: 'Area amministrativa' } },
  beforeLoad: requirePermissions(['tab.am', 'subtab.prgm']),
  component: ProgrammiPage,
})
