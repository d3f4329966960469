import { createFileRoute, redirect } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { SectionPage } from '../../features/shell/SectionPage'

/** 'Gestione configurazioni' opens its minors tab (platform-frontend §1.3: redirects to /gestione-configurazioni/minorenni). */
export const Route = createFileRoute('/gestione-configurazioni/')({
  staticData: { title: { page: 'Gestione configurazioni' } },
  beforeLoad: (ctx) => {
    requirePermissions(['view.conf.min'])(ctx)
    throw redirect({ to: '/gestione-configurazioni/minorenni', replace: true })
  },
  component: () => <SectionPage id="gestione-configurazioni" />,
})
