import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { SectionPage } from '../../features/shell/SectionPage'

export const Route = createFileRoute('/area-dati/')({
  staticData: { title: { page: 'Area dati' } },
  beforeLoad: requirePermissions(['tab.dshb', 'view.dshb'], '/', 'any'),
  component: () => <SectionPage id="area-dati" />,
})
