import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { RuoloFormPage } from '../../../features/ruoli/RuoloFormPage'
import { ROLE_CODE, pathParams } from '../../../lib/route-params'
import { prefetchRead } from '../../../api/prefetch'
import { gruppiQuery, ruoloQuery } from '../../../features/ruoli'

/** 'Modifica ruolo' (spec 002 §1: list.ruoli, denied → /gestione-ruoli; saving needs add.upd.permessi). */
export const Route = createFileRoute('/gestione-ruoli/$codiceRuolo/modifica')({
  staticData: { title: { page: ({ params }) => `Modifica ruolo ${params.codiceRuolo}`, section: 'Gestione ruoli' } },
  params: pathParams({ codiceRuolo: ROLE_CODE }),
  beforeLoad: requirePermissions(['list.ruoli', 'add.upd.permessi'], '/gestione-ruoli'),
  loader: (ctx) => prefetchRead(ctx, () => [gruppiQuery, ruoloQuery(ctx.params.codiceRuolo)]),
  codeSplitGroupings: [['loader', 'component']],
  component: function ModificaRuoloRoute() {
    const { codiceRuolo } = Route.useParams()
    return <RuoloFormPage codice={codiceRuolo} />
  },
})
