import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { SectionPage } from '../../features/shell/SectionPage'

export const Route = createFileRoute('/area-cittadini/')({
  staticData: { title: { page: 'Area cittadini' } },
  beforeLoad: requirePermissions(['tab.citt']),
  component: () => <SectionPage id="area-cittadini" />,
})
