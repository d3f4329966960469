import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { prefetchRead } from '../../../api/prefetch'
import { DatiCittadinoPage, datiCittadinoQuery } from '../../../features/diritti'
import { DEVICE_ID, pathParams } from '../../../lib/route-params'

/** The printable page of a citizen's data (issue 28 part 3, art. 15; `gest.dati.personali`); never read on a preload. */
export const Route = createFileRoute('/area-cittadini/$idCittadino/dati-personali')({
  staticData: { title: { page: 'Dati personali del cittadino', section: 'Area cittadini' } },
  params: pathParams({ idCittadino: DEVICE_ID }),
  beforeLoad: requirePermissions(['tab.citt', 'list.citt', 'gest.dati.personali'], '/area-cittadini'),
  loader: (ctx) => prefetchRead(ctx, () => [datiCittadinoQuery(ctx.params.idCittadino)]),
  codeSplitGroupings: [['loader', 'component']],
  component: function DatiCittadinoRoute() {
    const { idCittadino } = Route.useParams()
    return <DatiCittadinoPage id={idCittadino} />
  },
})
