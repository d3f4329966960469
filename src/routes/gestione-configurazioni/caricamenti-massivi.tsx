import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { CaricamentiMassiviPage, caricamentiMassiviReads } from '../../features/caricamenti-massivi/CaricamentiMassiviPage'
import { prefetchRead } from '../../api/prefetch'

/**
 * Mass upload of services (spec 002 §2; platform-frontend §7.4): open to the holders of the monitoring
 * permission (vis.mntr: DTD, DSCU, REG, REGP, REPP); the spec's `list.ruoli` would shut out the project
 * referents who upload, so the page follows the reference's roles instead.
 */
export const Route = createFileRoute('/gestione-configurazioni/caricamenti-massivi')({
  staticData: { title: { page: 'Caricamento massivo dei dati sui servizi', section: 'Gestione configurazioni' } },
  beforeLoad: requirePermissions(['vis.mntr']),
  loader: (ctx) => prefetchRead(ctx, () => caricamentiMassiviReads(ctx.location.search)),
  codeSplitGroupings: [['loader', 'component']],
  component: CaricamentiMassiviPage,
})
