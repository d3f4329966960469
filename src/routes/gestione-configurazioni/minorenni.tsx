import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { MinorenniPage } from '../../features/minorenni/MinorenniPage'

/** Minors configuration (spec 002 §1: view.conf.min). */
export const Route = createFileRoute('/gestione-configurazioni/minorenni')({
  staticData: { title: { page: 'Minorenni', section: 'Gestione configurazioni' } },
  beforeLoad: requirePermissions(['view.conf.min']),
  component: MinorenniPage,
})
