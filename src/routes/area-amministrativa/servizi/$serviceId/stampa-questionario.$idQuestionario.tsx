import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../../auth/guards'
import { StampaQuestionarioPage, stampaQuestionarioReads } from '../../../../features/questionari/StampaQuestionarioPage'
import { DEVICE_ID, pathParams } from '../../../../lib/route-params'
import { prefetchRead } from '../../../../api/prefetch'

/** Printable blank survey (spec 002 §2, access tab.am), drawn without the shell (`isBarePage`). */
export const Route = createFileRoute('/area-amministrativa/servizi/$serviceId/stampa-questionario/$idQuestionario')({
  staticData: { title: { page: 'Stampa questionario', section: 'Servizi' } },
  params: pathParams({ serviceId: DEVICE_ID, idQuestionario: DEVICE_ID }),
  beforeLoad: requirePermissions(['tab.am']),
  loader: (ctx) => prefetchRead(ctx, () => stampaQuestionarioReads(ctx.params.serviceId, ctx.params.idQuestionario)),
  codeSplitGroupings: [['loader', 'component']],
  component: function StampaQuestionarioRoute() {
    const { serviceId, idQuestionario } = Route.useParams()
    return <StampaQuestionarioPage serviceId={serviceId} idQuestionario={idQuestionario} />
  },
})
