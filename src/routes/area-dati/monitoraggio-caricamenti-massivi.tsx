import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { prefetchRead } from '../../api/prefetch'
import { MonitoraggioPage, monitoraggioReads } from '../../features/caricamenti-massivi/MonitoraggioPage'

/** Monitoring of the mass uploads (spec 002 §2; platform-frontend §7.2). */
export const Route = createFileRoute('/area-dati/monitoraggio-caricamenti-massivi')({
  staticData: { title: { page: 'Monitoraggio dei caricamenti massivi', section: 'Area dati' } },
  beforeLoad: requirePermissions(['tab.dshb', 'vis.mntr']),
  loader: (ctx) => prefetchRead(ctx, () => monitoraggioReads(ctx.location.search)),
  codeSplitGroupings: [['loader', 'component']],
  component: MonitoraggioPage,
})
