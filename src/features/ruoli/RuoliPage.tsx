/** 'Gestione ruoli' (spec 002 §1; platform-frontend §1.3): every role, with 'Crea nuovo ruolo' for new.ruoli. */
import { useMemo } from 'react'
import { QueryProvider } from '../../api/query'
import { hasAll, heldPermissions } from '../../auth/permissions'
import { useSession } from '../../auth/session'
import { AppLink } from '../../ui/AppLink'
import { ListScreen } from '../../ui/list/ListScreen'
import { ServerList } from '../../ui/list/ServerList'
import { ruoliDefinition } from './lista'

export function RuoliPage() {
  const session = useSession()
  const canCreate = hasAll(heldPermissions(session), ['new.ruoli'])
  const definition = useMemo(() => ruoliDefinition(), [])
  return (
    <ListScreen
      title="Gestione ruoli"
      description="Ruoli della piattaforma e gruppi di permessi associati."
      testId="ruoli-page"
      cta={canCreate ? <AppLink to="/gestione-ruoli/crea-nuovo" className="btn btn-primary">Crea nuovo ruolo</AppLink> : undefined}
    >
      <QueryProvider>
        <ServerList definition={definition} />
      </QueryProvider>
    </ListScreen>
  )
}
