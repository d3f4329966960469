/** 'Elenco enti' (spec 002 §2; platform-frontend §1.4): the bodies in the profile's scope. */
import { AdminListPage } from '../../ui/list/admin-list'
import { entiDefinition } from './lista'

export function EntiPage() {
  return (
    <AdminListPage
      title="Elenco enti" description="Enti gestori ed enti partner dei programmi e dei progetti a cui hai accesso." testId="enti-page"
      definition={entiDefinition} downloadPermission="list.dwnl.enti"
      create={{ anyOf: ['add.enti.gest.prgm', 'add.enti.gest.prgt', 'add.ente.partner'], to: '/area-amministrativa/enti/crea', label: 'Crea ente' }}
    />
  )
}
