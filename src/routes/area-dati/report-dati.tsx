import { createFileRoute } from '@tanstack/react-router'
import { publicOrAnyPermission } from '../../features/shell/guards'
import { SectionPage } from '../../features/shell/SectionPage'

/** Public data report; logged users need tab.dshb or view.dshb (spec 000 §2.1–2.2). */
export const Route = createFileRoute('/area-dati/report-dati')({
  staticData: { title: { page: 'Report dati', section: 'Area dati' } },
  beforeLoad: publicOrAnyPermission(['tab.dshb', 'view.dshb']),
  component: () => <SectionPage id="report-dati" />,
})
