import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../../../../auth/guards'
import { QuestionarioCompilatoPage } from '../../../../../features/questionari/QuestionarioCompilatoPage'

/** Read-only view of a citizen's survey (spec 002 §2, §4 'Visualizza questionario') (login only, the server scopes the data). */
export const Route = createFileRoute('/area-amministrativa/servizi/$serviceId/cittadini/compilato/$idQuestionarioCompilato')({
  beforeLoad: requireLogin(),
  component: function QuestionarioCompilatoRoute() {
    const { serviceId, idQuestionarioCompilato } = Route.useParams()
    return <QuestionarioCompilatoPage key={idQuestionarioCompilato} serviceId={serviceId} idQuestionarioCompilato={idQuestionarioCompilato} />
  },
})
