import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { AreaDatiPage } from '../../features/area-dati/AreaDatiPage'

/** 'Area dati' landing, on the monitoring tab (spec 002 §2; issue 11 point 2). */
export const Route = createFileRoute('/area-dati/')({
  staticData: { title: { page: 'Area dati' } },
  beforeLoad: requirePermissions(['tab.dshb', 'view.dshb'], '/', 'any'),
  component: AreaDatiPage,
})
