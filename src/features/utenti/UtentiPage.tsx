/** 'Elenco utenti' (spec 002 §2; platform-frontend §1.4): the users in the profile's scope. */
import { AdminListPage } from '../../ui/list/admin-list'
import { utentiDefinition } from './lista'

export function UtentiPage() {
  return (
    <AdminListPage
      title="Elenco utenti" description="Utenti della piattaforma e i loro ruoli." testId="utenti-page"
      definition={utentiDefinition} downloadPermission="list.dwnl.utenti"
      create={{ anyOf: ['new.utente'], to: '/area-amministrativa/utenti/crea', label: 'Crea utente' }}
    />
  )
}
