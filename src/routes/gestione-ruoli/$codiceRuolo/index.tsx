import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { SectionPage } from '../../../features/shell/SectionPage'

export const Route = createFileRoute('/gestione-ruoli/$codiceRuolo/')({
  staticData: { title: { page: ({ params }) => `Ruolo ${params.codiceRuolo}`, section: 'Gestione ruoli' } },
  beforeLoad: requirePermissions(['view.ruoli'], '/gestione-ruoli'),
  component: () => <SectionPage id="ruolo" />,
})
