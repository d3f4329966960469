import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { RuoloPage } from '../../../features/ruoli/RuoloPage'
import { ROLE_CODE, pathParams } from '../../../lib/route-params'
import { prefetchRead } from '../../../api/prefetch'
import { ruoloQuery } from '../../../features/ruoli'

/** A role's page (spec 002 §1: view.ruoli, denied → /gestione-ruoli). */
export const Route = createFileRoute('/gestione-ruoli/$codiceRuolo/')({
  staticData: { title: { page: ({ params }) => `Ruolo ${params.codiceRuolo}`, section: 'Gestione ruoli' } },
  params: pathParams({ codiceRuolo: ROLE_CODE }),
  beforeLoad: requirePermissions(['view.ruoli'], '/gestione-ruoli'),
  loader: (ctx) => prefetchRead(ctx, () => [ruoloQuery(ctx.params.codiceRuolo)]),
  codeSplitGroupings: [['loader', 'component']],
  component: function RuoloRoute() {
    const { codiceRuolo } = Route.useParams()
    return <RuoloPage codice={codiceRuolo} />
  },
})
