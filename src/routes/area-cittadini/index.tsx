import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { CittadiniRegistroPage } from '../../features/cittadini-registro/CittadiniRegistroPage'

/** 'Area cittadini': the citizens registry list (spec 002 §1: tab.citt; platform-frontend §1.3: tab.citt + list.citt). */
export const Route = createFileRoute('/area-cittadini/')({
  staticData: { title: { page: 'Area cittadini' } },
  beforeLoad: requirePermissions(['tab.citt', 'list.citt']),
  component: CittadiniRegistroPage,
})
