import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../../../auth/guards'
import { SectionPage } from '../../../../../features/shell/SectionPage'

/**
 * A body inside a project (platform-frontend §1.4 `progetti/:projectId/:authorityType/:authorityId`): its role in the
 * project (managing or partner), referents and delegates, sites with opening hours and their facilitators.
 */
export const Route = createFileRoute('/area-amministrativa/progetti/$idProgetto/enti/$idEnte')({
  staticData: { title: { page: () => 'Ente del progetto', section: 'Progetti' } },
  beforeLoad: requirePermissions(['tab.am']),
  component: function EnteDelProgetto() {
    return <SectionPage id="ente-progetto" title="Ente del progetto" />
  },
})
