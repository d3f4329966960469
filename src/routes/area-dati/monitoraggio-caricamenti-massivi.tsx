import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { SectionPage } from '../../features/shell/SectionPage'

export const Route = createFileRoute('/area-dati/monitoraggio-caricamenti-massivi')({
  staticData: { title: { page: 'Monitoraggio dei caricamenti massivi', section: 'Area dati' } },
  beforeLoad: requirePermissions(['tab.dshb', 'vis.mntr']),
  component: () => <SectionPage id="monitoraggio" />,
})
