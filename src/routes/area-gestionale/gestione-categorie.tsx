import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../auth/guards'
import { SectionPage } from '../../features/shell/SectionPage'

export const Route = createFileRoute('/area-gestionale/gestione-categorie')({
  staticData: { title: { page: 'Gestione categorie', section: 'Area gestionale' } },
  beforeLoad: requirePermissions(['btn.cat']),
  component: () => <SectionPage id="gestione-categorie" />,
})
