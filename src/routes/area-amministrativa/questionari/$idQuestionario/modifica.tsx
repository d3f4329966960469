import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../../auth/guards'
import { dettaglioQuery, EditorPage } from '../../../../features/questionari-modelli'
import { TEMPLATE_ID, pathParams } from '../../../../lib/route-params'
import { prefetchRead } from '../../../../api/prefetch'

/** 'Modifica questionario' (upd.quest.templ): a template in use gets a new version. */
export const Route = createFileRoute('/area-amministrativa/questionari/$idQuestionario/modifica')({
  staticData: { title: { page: 'Modifica questionario', section: 'Questionari' } },
  params: pathParams({ idQuestionario: TEMPLATE_ID }),
  beforeLoad: requirePermissions(['tab.am', 'upd.quest.templ'], '/area-amministrativa/questionari'),
  loader: (ctx) => prefetchRead(ctx, () => [dettaglioQuery(ctx.params.idQuestionario)]),
  codeSplitGroupings: [['loader', 'component']],
  component: function QuestionarioModifica() {
    const { idQuestionario } = Route.useParams()
    return <EditorPage modo="modifica" id={idQuestionario} />
  },
})
