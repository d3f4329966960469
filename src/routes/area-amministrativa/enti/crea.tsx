import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { EnteFormPage } from '../../../features/enti/EnteFormPage'

/** 'Crea ente' (platform-backend §1.1 `ente`; POST /ente): who may assign managing or partner bodies. */
export const Route = createFileRoute('/area-amministrativa/enti/crea')({
  staticData: { title: { page: 'Crea ente', section: 'Enti' } },
  beforeLoad: requirePermissions(['add.enti.gest.prgm', 'add.enti.gest.prgt', 'add.ente.partner'], '/area-amministrativa/enti', 'any'),
  component: function CreaEnte() {
    return <EnteFormPage />
  },
})
