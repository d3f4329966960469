import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../../auth/guards'
import { DettaglioPage, dettaglioQuery } from '../../../../features/questionari-modelli'
import { TEMPLATE_ID, pathParams } from '../../../../lib/route-params'
import { prefetchRead } from '../../../../api/prefetch'

/** Survey template detail (platform-frontend §1.4: view.quest.templ). */
export const Route = createFileRoute('/area-amministrativa/questionari/$idQuestionario/')({
  staticData: { title: { page: ({ params, label }) => label(`/area-amministrativa/questionari/${params.idQuestionario}`) ?? 'Questionario', section: 'Questionari' } },
  params: pathParams({ idQuestionario: TEMPLATE_ID }),
  beforeLoad: requirePermissions(['tab.am', 'view.quest.templ'], '/area-amministrativa/questionari'),
  loader: (ctx) => prefetchRead(ctx, () => [dettaglioQuery(ctx.params.idQuestionario)]),
  codeSplitGroupings: [['loader', 'component']],
  component: function QuestionarioDettaglio() {
    const { idQuestionario } = Route.useParams()
    return <DettaglioPage id={idQuestionario} />
  },
})
