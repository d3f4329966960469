/** 'Elenco progetti' (spec 002 §2; platform-frontend §1.4): the projects in the profile's scope. */
import { AdminListPage } from '../../../ui/list/admin-list'
import { progettiDefinition } from './lista'

export function ProgettiPage() {
  return (
    <AdminListPage
      title="Elenco progetti" description="Progetti di facilitazione digitale a cui hai accesso con il tuo ruolo." testId="progetti-page"
      definition={progettiDefinition} downloadPermission="list.dwnl.prgt"
    />
  )
}
