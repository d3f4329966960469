import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { SectionPage } from '../../features/shell/SectionPage'

export const Route = createFileRoute('/gestione-configurazioni/')({
  staticData: { title: { page: 'Gestione configurazioni' } },
  beforeLoad: requirePermissions(['view.conf.min']),
  component: () => <SectionPage id="gestione-configurazioni" />,
})
