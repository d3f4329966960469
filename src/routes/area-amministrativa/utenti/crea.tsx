import { createFileRoute } from '@tanstack/react-router'
import { requirePermissions } from '../../../auth/guards'
import { UtenteFormPage } from '../../../features/utenti/UtenteFormPage'

/** 'Crea utente' (POST /utente: new.utente). */
export const Route = createFileRoute('/area-amministrativa/utenti/crea')({
  staticData: { title: { page: 'Crea utente', section: 'Utenti' } },
  beforeLoad: requirePermissions(['tab.am', 'new.utente'], '/area-amministrativa/utenti'),
  component: UtenteFormPage,
})
