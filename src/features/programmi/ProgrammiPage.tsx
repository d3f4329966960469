/** 'Elenco programmi' (spec 002 §2; platform-frontend §1.4): the programmes in the profile's scope. */
import { useMemo } from 'react'
import { QueryProvider } from '../../api/query'
import { hasAll, heldPermissions } from '../../auth/permissions'
import { useSession } from '../../auth/session'
import { ListScreen } from '../../ui/list/ListScreen'
import { ServerList } from '../../ui/list/ServerList'
import { AppLink } from '../../ui/AppLink'
import { OnlineOnlyReason, useOnlineOnly } from '../../ui/offline-data'
import { programmiDefinition } from './lista'

export function ProgrammiPage() {
  const session = useSession()
  const canDownload = hasAll(heldPermissions(session), ['list.dwnl.prgm'])
  const canCreate = hasAll(heldPermissions(session), ['new.prgm'])
  const guard = useOnlineOnly()
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the profile changes
  const definition = useMemo(() => programmiDefinition(canDownload), [canDownload, session.profilo])
  // 'Crea nuovo programma' (platform-frontend §1.4) for profiles holding new.prgm; it needs the server
  const cta = canCreate ? (
    <span className="d-inline-flex flex-column">
      <AppLink to="/area-amministrativa/programmi/crea" className={`btn btn-primary${guard.blocked ? ' disabled' : ''}`} {...guard.controlProps}>
        Crea nuovo programma
      </AppLink>
      <OnlineOnlyReason guard={guard} />
    </span>
  ) : undefined
  return (
    <ListScreen title="Elenco programmi" description="Programmi di facilitazione digitale a cui hai accesso con il tuo ruolo." cta={cta} testId="programmi-page">
      <QueryProvider>
        <ServerList definition={definition} />
      </QueryProvider>
    </ListScreen>
  )
}
