import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { ModificaCittadinoPage } from '../../../features/cittadini-registro/ModificaCittadinoPage'
import { DEVICE_ID, pathParams } from '../../../lib/route-params'
import { prefetchRead } from '../../../api/prefetch'
import { schedaCittadinoQuery } from '../../../features/cittadini-registro'

/** Edit of a citizen's registry data (issue 10 point 2; the server allows it to the facilitator of one of his services). */
export const Route = createFileRoute('/area-cittadini/$idCittadino/modifica')({
  staticData: { title: { page: 'Modifica cittadino', section: 'Area cittadini' } },
  params: pathParams({ idCittadino: DEVICE_ID }),
  beforeLoad: requirePermissions(['tab.citt', 'list.citt'], '/area-cittadini'),
  loader: (ctx) => prefetchRead(ctx, () => [schedaCittadinoQuery(ctx.params.idCittadino)]),
  codeSplitGroupings: [['loader', 'component']],
  component: function ModificaCittadinoRoute() {
    const { idCittadino } = Route.useParams()
    return <ModificaCittadinoPage id={idCittadino} />
  },
})
