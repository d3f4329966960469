import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../../../../auth/guards'
import { QuestionarioCompilatoPage, questionarioCompilatoReads } from '../../../../../features/questionari/QuestionarioCompilatoPage'
import { withService } from '../../../../../ui/shell/page-title'
import { DEVICE_ID, pathParams } from '../../../../../lib/route-params'
import { prefetchRead } from '../../../../../api/prefetch'

/** Read-only view of a citizen's survey (spec 002 §2, §4 'Visualizza questionario') (login only, the server scopes the data). */
export const Route = createFileRoute('/area-amministrativa/servizi/$serviceId/cittadini/compilato/$idQuestionarioCompilato')({
  staticData: { title: { page: ({ params, label }) => withService('Questionario del cittadino', label(`/area-amministrativa/servizi/${params.serviceId}`)), section: 'Servizi' } },
  params: pathParams({ serviceId: DEVICE_ID, idQuestionarioCompilato: DEVICE_ID }),
  beforeLoad: requireLogin(),
  loader: (ctx) => prefetchRead(ctx, () => questionarioCompilatoReads(ctx.params.serviceId, ctx.params.idQuestionarioCompilato)),
  codeSplitGroupings: [['loader', 'component']],
  component: function QuestionarioCompilatoRoute() {
    const { serviceId, idQuestionarioCompilato } = Route.useParams()
    return <QuestionarioCompilatoPage key={idQuestionarioCompilato} serviceId={serviceId} idQuestionarioCompilato={idQuestionarioCompilato} />
  },
})
