import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { RuoloFormPage } from '../../features/ruoli/RuoloFormPage'
import { prefetchRead } from '../../api/prefetch'
import { gruppiQuery } from '../../features/ruoli'

/** 'Crea nuovo ruolo' (spec 002 §1: list.ruoli, denied → /gestione-ruoli; creating needs new.ruoli too). */
export const Route = createFileRoute('/gestione-ruoli/crea-nuovo')({
  staticData: { title: { page: 'Crea nuovo ruolo', section: 'Gestione ruoli' } },
  beforeLoad: requirePermissions(['list.ruoli', 'new.ruoli'], '/gestione-ruoli'),
  loader: (ctx) => prefetchRead(ctx, () => [gruppiQuery]),
  codeSplitGroupings: [['loader', 'component']],
  component: () => <RuoloFormPage />,
})
