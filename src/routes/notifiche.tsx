import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../auth/guards'
import { NotificationsPage } from '../features/notifiche/NotificationsPage'

/** 'Le mie notifiche' (spec 001 §2 /notifiche; issue 12 point 7). */
export const Route = createFileRoute('/notifiche')({
  staticData: { title: { page: 'Notifiche' } },
  beforeLoad: requirePermissions(['list.ntf.nr']),
  component: NotificationsPage,
})
