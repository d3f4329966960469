/** 'Elenco programmi' (spec 002 §2; platform-frontend §1.4): the programmes in the profile's scope; 'Crea nuovo programma' for profiles holding new.prgm (it needs the server). */
import { AdminListPage } from '../../ui/list/admin-list'
import { programmiDefinition } from './lista'

export function ProgrammiPage() {
  return (
    <AdminListPage
      title="Elenco programmi" description="Programmi di facilitazione digitale a cui hai accesso con il tuo ruolo." testId="programmi-page"
      definition={programmiDefinition} downloadPermission="list.dwnl.prgm"
      create={{ anyOf: ['new.prgm'], to: '/area-amministrativa/programmi/crea', label: 'Crea nuovo programma' }}
    />
  )
}
