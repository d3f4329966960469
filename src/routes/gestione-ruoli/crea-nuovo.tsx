import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { SectionPage } from '../../features/shell/SectionPage'

export const Route = createFileRoute('/gestione-ruoli/crea-nuovo')({
  staticData: { title: { page: 'Crea nuovo ruolo', section: 'Gestione ruoli' } },
  beforeLoad: requirePermissions(['list.ruoli'], '/gestione-ruoli'),
  component: () => <SectionPage id="nuovo-ruolo" />,
})
