import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../../../../auth/guards'
import { CompilaQuestionarioPage } from '../../../../../features/questionari/CompilaQuestionarioPage'
import { withService } from '../../../../../ui/shell/page-title'
import { DEVICE_ID, pathParams } from '../../../../../lib/route-params'

/**
 * 'Compilazione questionario' of a citizen (spec 002 §2), a page of its own (the service detail has no
 * layout route; should one be added, move this file under `$serviceId_/cittadini_/`). Login only, as in
 * the reference; the server and the page enforce who may compile (FAC/VOL, the service's facilitator).
 */
export const Route = createFileRoute('/area-amministrativa/servizi/$serviceId/cittadini/compila/$idQuestionarioCompilato')({
  staticData: { title: { page: ({ params, label }) => withService('Compilazione questionario', label(`/area-amministrativa/servizi/${params.serviceId}`)), section: 'Servizi' } },
  params: pathParams({ serviceId: DEVICE_ID, idQuestionarioCompilato: DEVICE_ID }),
  beforeLoad: requireLogin(),
  component: function CompilaQuestionarioRoute() {
    const { serviceId, idQuestionarioCompilato } = Route.useParams()
    return <CompilaQuestionarioPage key={idQuestionarioCompilato} serviceId={serviceId} idQuestionarioCompilato={idQuestionarioCompilato} />
  },
})
