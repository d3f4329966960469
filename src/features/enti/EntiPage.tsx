/** 'Elenco enti' (spec 002 §2; platform-frontend §1.4): the bodies in the profile's scope. */
import { useMemo } from 'react'
import { QueryProvider } from '../../api/query'
import { hasAll, hasAny, heldPermissions } from '../../auth/permissions'
import { useSession } from '../../auth/session'
import { ListScreen } from '../../ui/list/ListScreen'
import { ServerList } from '../../ui/list/ServerList'
import { AppLink } from '../../ui/AppLink'
import { OnlineOnlyReason, useOnlineOnly } from '../../ui/offline-data'
import { entiDefinition } from './lista'

export function EntiPage() {
  const session = useSession()
  const guard = useOnlineOnly()
  const canCreate = hasAny(heldPermissions(session), ['add.enti.gest.prgm', 'add.enti.gest.prgt', 'add.ente.partner'])
  const canDownload = hasAll(heldPermissions(session), ['list.dwnl.enti'])
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the profile changes
  const definition = useMemo(() => entiDefinition(canDownload), [canDownload, session.profilo])
  return (
    <ListScreen
      title="Elenco enti"
      description="Enti gestori ed enti partner dei programmi e dei progetti a cui hai accesso."
      testId="enti-page"
      cta={canCreate ? (
        <span className="d-inline-flex flex-column">
          <AppLink to="/area-amministrativa/enti/crea" className={`btn btn-primary${guard.blocked ? ' disabled' : ''}`} {...guard.controlProps}>Crea ente</AppLink>
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
