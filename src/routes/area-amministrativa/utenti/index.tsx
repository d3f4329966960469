import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { SectionPage } from '../../../features/shell/SectionPage'

export const Route = createFileRoute('/area-amministrativa/utenti/')({
  staticData: { title: { page: 'Utenti', section: 'Area amministrativa' } },
  beforeLoad: requirePermissions(['tab.am', 'subtab.utenti']),
  component: () => <SectionPage id="utenti" />,
})
