import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { SectionPage } from '../../features/shell/SectionPage'

export const Route = createFileRoute('/area-personale/contenuti-pubblicati')({
  staticData: { title: { page: 'Contenuti pubblicati', section: 'Area personale' } },
  beforeLoad: requirePermissions(['btn.cont']),
  component: () => <SectionPage id="contenuti-pubblicati" />,
})
