import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { ProgettiPage } from '../../../features/programmi/progetti/ProgettiPage'

/** 'Elenco progetti' (spec 002 §2; platform-frontend §1.4). */
export const Route = createFileRoute('/area-amministrativa/progetti/')({
  staticData: { title: { page: 'Progetti', section: 'Area amministrativa' } },
  beforeLoad: requirePermissions(['tab.am', 'subtab.prgt']),
  component: ProgettiPage,
})
