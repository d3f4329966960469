import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { ConservazionePage } from '../../features/conservazione/ConservazionePage'
import { prefetchRead } from '../../api/prefetch'
import { periodiConservazioneQuery, statoConservazioneQuery } from '../../features/conservazione'

/** Retention periods and reports (issue 28 point 2: view.conf.conservazione). */
export const Route = createFileRoute('/gestione-configurazioni/conservazione')({
  staticData: { title: { page: 'Conservazione dei dati', section: 'Gestione configurazioni' } },
  beforeLoad: requirePermissions(['view.conf.conservazione']),
  loader: (ctx) => prefetchRead(ctx, () => [periodiConservazioneQuery(), statoConservazioneQuery()]),
  codeSplitGroupings: [['loader', 'component']],
  component: ConservazionePage,
})
