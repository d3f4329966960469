import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { SectionPage } from '../../../features/shell/SectionPage'

export const Route = createFileRoute('/gestione-ruoli/$codiceRuolo/modifica')({
  staticData: { title: { page: ({ params }) => `Modifica ruolo ${params.codiceRuolo}`, section: 'Gestione ruoli' } },
  beforeLoad: requirePermissions(['list.ruoli'], '/gestione-ruoli'),
  component: () => <SectionPage id="modifica-ruolo" />,
})
