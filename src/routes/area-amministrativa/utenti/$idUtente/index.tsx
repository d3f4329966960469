import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../../auth/guards'
import { UtenteDetailPage } from '../../../../features/utenti/UtenteDetailPage'
import { NUMERIC_ID, pathParams } from '../../../../lib/route-params'
import { prefetchRead } from '../../../../api/prefetch'
import { schedaUtenteQuery } from '../../../../features/utenti'

/** User detail (platform-frontend §1.4 `utenti/:userId`: tab.am + view.card.utenti): data, role cards, roles. */
export const Route = createFileRoute('/area-amministrativa/utenti/$idUtente/')({
  staticData: { title: { page: ({ params, label }) => label(`/area-amministrativa/utenti/${params.idUtente}`) ?? 'Utente', section: 'Utenti' } },
  params: pathParams({ idUtente: NUMERIC_ID }),
  beforeLoad: requirePermissions(['tab.am', 'view.card.utenti'], '/area-amministrativa/utenti'),
  loader: (ctx) => prefetchRead(ctx, () => [schedaUtenteQuery(ctx.params.idUtente)]),
  codeSplitGroupings: [['loader', 'component']],
  component: function UtenteDetail() {
    const { idUtente } = Route.useParams()
    return <UtenteDetailPage idUtente={idUtente} />
  },
})
