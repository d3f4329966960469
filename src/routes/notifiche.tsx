import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../auth/guards'
import { NotificationsPage, notificationsPageReads } from '../features/notifiche/NotificationsPage'
import { prefetchRead } from '../api/prefetch'

/** 'Le mie notifiche' (spec 001 §2 /notifiche; issue 12 point 7). */
export const Route = createFileRoute('/notifiche')({
  staticData: { title: { page: 'Notifiche' } },
  beforeLoad: requirePermissions(['list.ntf.nr']),
  loader: (ctx) => prefetchRead(ctx, () => notificationsPageReads()),
  codeSplitGroupings: [['loader', 'component']],
  component: NotificationsPage,
})
