import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../auth/guards'
import { SectionPage } from '../features/shell/SectionPage'

export const Route = createFileRoute('/notifiche')({
  staticData: { title: { page: 'Notifiche' } },
  beforeLoad: requirePermissions(['list.ntf.nr']),
  component: () => <SectionPage id="notifiche" />,
})
