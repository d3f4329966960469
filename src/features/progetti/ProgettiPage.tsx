/** 'Elenco progetti' (spec 002 §2; platform-frontend §1.4): the projects in the profile's scope. */
import { useMemo } from 'react'
import { QueryProvider } from '../../api/query'
import { hasAll, heldPermissions } from '../../auth/permissions'
import { useSession } from '../../auth/session'
import { ListScreen } from '../../ui/list/ListScreen'
import { ServerList } from '../../ui/list/ServerList'
import { progettiDefinition } from './lista'

export function ProgettiPage() {
  const session = useSession()
  const canDownload = hasAll(heldPermissions(session), ['list.dwnl.prgt'])
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the profile changes
  const definition = useMemo(() => progettiDefinition(canDownload), [canDownload, session.profilo])
  return (
    <ListScreen title="Elenco progetti" description="Progetti di facilitazione digitale a cui hai accesso con il tuo ruolo." testId="progetti-page">
      <QueryProvider>
        <ServerList definition={definition} />
      </QueryProvider>
    </ListScreen>
  )
}
