import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../../auth/guards'
import { dettaglioQuery, EditorPage } from '../../../../features/questionari-modelli'
import { TEMPLATE_ID, pathParams } from '../../../../lib/route-params'
import { prefetchRead } from '../../../../api/prefetch'

/** 'Clona questionario' (new.quest.templ): a copy of the template, saved as a new one. */
export const Route = createFileRoute('/area-amministrativa/questionari/$idQuestionario/clona')({
  staticData: { title: { page: 'Clona questionario', section: 'Questionari' } },
  params: pathParams({ idQuestionario: TEMPLATE_ID }),
  beforeLoad: requirePermissions(['tab.am', 'new.quest.templ'], '/area-amministrativa/questionari'),
  loader: (ctx) => prefetchRead(ctx, () => [dettaglioQuery(ctx.params.idQuestionario)]),
  codeSplitGroupings: [['loader', 'component']],
  component: function QuestionarioClona() {
    const { idQuestionario } = Route.useParams()
    return <EditorPage modo="clona" id={idQuestionario} />
  },
})
