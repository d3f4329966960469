import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../auth/guards'
import { SyncCentre } from '../../features/sincronizzazione/SyncCentre'

/** `/area-personale/sincronizzazione`: the sync centre (operations saved on the device and not yet confirmed). */
export const Route = createFileRoute('/area-personale/sincronizzazione')({
  staticData: { title: { page: 'Sincronizzazione', section: 'Area personale' } },
  beforeLoad: requireLogin(),
  component: SyncCentre,
})
