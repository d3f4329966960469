import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { CittadinoPage } from '../../../features/cittadini-registro/CittadinoPage'
import { DEVICE_ID, pathParams } from '../../../lib/route-params'
import { prefetchRead } from '../../../api/prefetch'
import { schedaCittadinoQuery } from '../../../features/cittadini-registro'

/** A citizen of the registry (spec 002 §1 `/area-cittadini/*`: tab.citt; the card needs list.citt on the server). */
export const Route = createFileRoute('/area-cittadini/$idCittadino/')({
  staticData: { title: { page: ({ label, params }) => label(`/area-cittadini/${params.idCittadino}`) ?? 'Cittadino', section: 'Area cittadini' } },
  params: pathParams({ idCittadino: DEVICE_ID }),
  beforeLoad: requirePermissions(['tab.citt', 'list.citt'], '/area-cittadini'),
  loader: (ctx) => prefetchRead(ctx, () => [schedaCittadinoQuery(ctx.params.idCittadino)]),
  codeSplitGroupings: [['loader', 'component']],
  component: function CittadinoRoute() {
    const { idCittadino } = Route.useParams()
    return <CittadinoPage id={idCittadino} />
  },
})
