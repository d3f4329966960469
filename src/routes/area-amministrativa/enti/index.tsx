import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { SectionPage } from '../../../features/shell/SectionPage'

export const Route = createFileRoute('/area-amministrativa/enti/')({
  beforeLoad: requirePermissions(['tab.am', 'subtab.enti']),
  component: () => <SectionPage id="enti" />,
})
