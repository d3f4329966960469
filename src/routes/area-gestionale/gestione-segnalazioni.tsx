import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { SectionPage } from '../../features/shell/SectionPage'

export const Route = createFileRoute('/area-gestionale/gestione-segnalazioni')({
  staticData: { title: { page: 'Gestione segnalazioni', section: 'Area gestionale' } },
  beforeLoad: requirePermissions(['btn.rprt']),
  component: () => <SectionPage id="gestione-segnalazioni" />,
})
