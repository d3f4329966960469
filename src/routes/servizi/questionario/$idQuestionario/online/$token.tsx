import { createFileRoute } from '@tanstack/react-router'
import { AnonymousSurveyPage } from '../../../../../features/questionari/anonimo/AnonymousSurveyPage'

/**
 * `/servizi/questionario/{idQuestionario}/online/{token}`: the citizen's anonymous survey (spec 002 §2,
 * platform-frontend §3.6). Public: no guard, no login; the shell is hidden for this path (`isBarePage`).
 */
export const Route = createFileRoute('/servizi/questionario/$idQuestionario/online/$token')({
  component: AnonymousSurveyRoute,
})

function AnonymousSurveyRoute() {
  const { idQuestionario, token } = Route.useParams()
  return <AnonymousSurveyPage key={`${idQuestionario}/${token}`} idQuestionario={idQuestionario} token={token} />
}
