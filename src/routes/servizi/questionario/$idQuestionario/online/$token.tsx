import { createFileRoute } from '@tanstack/react-router'
import { useEffect } from 'react'
import { SURVEY_SET } from '../../../../../../sw/messages'
import { AnonymousSurveyPage } from '../../../../../features/questionari/anonimo/AnonymousSurveyPage'
import { requestOfflineSet } from '../../../../../pwa/offline-sets'
import { DEVICE_ID, URL_TOKEN, pathParams } from '../../../../../lib/route-params'

/**
 * `/servizi/questionario/{idQuestionario}/online/{token}`: the citizen's anonymous survey (spec 002 §2,
 * platform-frontend §3.6). Public: no guard, no login; the shell is hidden for this path (`isBarePage`).
 * Its code is not precached for every visitor: opening it asks the service worker for the 'survey' offline
 * set (the page's chunks, Dexie for its send queue, its CSS), so it keeps working offline once opened.
 */
export const Route = createFileRoute('/servizi/questionario/$idQuestionario/online/$token')({
  staticData: { title: { page: 'Questionario' } },
  params: pathParams({ idQuestionario: DEVICE_ID, token: URL_TOKEN }),
  component: AnonymousSurveyRoute,
})

function AnonymousSurveyRoute() {
  const { idQuestionario, token } = Route.useParams()
  useEffect(() => {
    requestOfflineSet(SURVEY_SET)
  }, [])
  return <AnonymousSurveyPage key={`${idQuestionario}/${token}`} idQuestionario={idQuestionario} token={token} />
}
