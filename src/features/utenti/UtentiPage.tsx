/** 'Elenco utenti' (spec 002 §2; platform-frontend §1.4): the users in the profile's scope. */
import { useMemo } from 'react'
import { QueryProvider } from '../../api/query'
import { hasAll, heldPermissions } from '../../auth/permissions'
import { useSession } from '../../auth/session'
import { ListScreen } from '../../ui/list/ListScreen'
import { ServerList } from '../../ui/list/ServerList'
import { AppLink } from '../../ui/AppLink'
import { OnlineOnlyReason, useOnlineOnly } from '../../ui/offline-data'
import { utentiDefinition } from './lista'

export function UtentiPage() {
  const session = useSession()
  const guard = useOnlineOnly()
  const canCreate = hasAll(heldPermissions(session), ['new.utente'])
  const canDownload = hasAll(heldPermissions(session), ['list.dwnl.utenti'])
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the profile changes
  const definition = useMemo(() => utentiDefinition(canDownload), [canDownload, session.profilo])
  return (
    <ListScreen
      title="Elenco utenti"
      description="Utenti della piattaforma e i loro ruoli."
      testId="utenti-page"
      cta={canCreate ? (
        <span className="d-inline-flex flex-column">
          <AppLink to="/area-amministrativa/utenti/crea" className={`btn btn-primary${guard.blocked ? ' disabled' : ''}`} {...guard.controlProps}>Crea utente</AppLink>
          <OnlineOnlyReason guard={guard} />
        </span>
      ) : undefined}
    >
      <QueryProvider>
        <ServerList definition={definition} />
      </QueryProvider>
    </ListScreen>
  )
}
