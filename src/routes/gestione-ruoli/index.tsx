import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { RuoliPage } from '../../features/ruoli/RuoliPage'

/** 'Gestione ruoli' (spec 002 §1: list.ruoli). */
export const Route = createFileRoute('/gestione-ruoli/')({
  staticData: { title: { page: 'Gestione ruoli' } },
  beforeLoad: requirePermissions(['list.ruoli']),
  component: RuoliPage,
})
