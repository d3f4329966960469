import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { SectionPage } from '../../../features/shell/SectionPage'

export const Route = createFileRoute('/area-amministrativa/servizi/')({
  beforeLoad: requirePermissions(['tab.am', 'subtab.serv']),
  component: () => <SectionPage id="servizi" />,
})
