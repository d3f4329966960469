import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { prefetchRead } from '../../api/prefetch'
import { ReportsPage, reportsReads } from '../../features/community/gestione/ReportsPage'

/** Reports management (issue 12 point 4; spec 001 §2: `btn.rprt`, MOD and DTD). */
export const Route = createFileRoute('/area-gestionale/gestione-segnalazioni')({
  staticData: { title: { page: 'Gestione segnalazioni', section: 'Area gestionale' } },
  beforeLoad: requirePermissions(['btn.rprt']),
  loader: (ctx) => prefetchRead(ctx, () => reportsReads(ctx.location.search)),
  codeSplitGroupings: [['loader', 'component']],
  component: ReportsPage,
})
