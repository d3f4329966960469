import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { SectionPage } from '../../features/shell/SectionPage'

export const Route = createFileRoute('/gestione-ruoli/')({
  staticData: { title: { page: 'Gestione ruoli' } },
  beforeLoad: requirePermissions(['list.ruoli']),
  component: () => <SectionPage id="gestione-ruoli" />,
})
