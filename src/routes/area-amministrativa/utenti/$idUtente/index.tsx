import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../../auth/guards'
import { EntityInfoPage } from '../../../../features/shell/EntityInfoPage'

/** User detail (platform-frontend §1.4 `utenti/:userId`: tab.am + view.card.utenti); content comes with the user's card. */
export const Route = createFileRoute('/area-amministrativa/utenti/$idUtente/')({
  staticData: { title: { page: ({ params, label }) => label(`/area-amministrativa/utenti/${params.idUtente}`) ?? 'Utente', section: 'Utenti' } },
  beforeLoad: requirePermissions(['tab.am', 'view.card.utenti'], '/area-amministrativa/utenti'),
  component: function UtenteDetail() {
    const { idUtente } = Route.useParams()
    return <EntityInfoPage kind="utente" id={idUtente} />
  },
})
