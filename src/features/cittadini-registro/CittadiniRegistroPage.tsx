/** 'Area cittadini' (spec 002 §1, §2; platform-frontend §1.3 'I miei cittadini'): the citizens in the profile's scope. */
import { useMemo } from 'react'
import { QueryProvider } from '../../api/query'
import { hasAll, heldPermissions } from '../../auth/permissions'
import { useSession } from '../../auth/session'
import { ListScreen } from '../../ui/list/ListScreen'
import { ServerList } from '../../ui/list/ServerList'
import { cittadiniDefinition } from './lista'

export function CittadiniRegistroPage() {
  const session = useSession()
  const canDownload = hasAll(heldPermissions(session), ['list.dwnl.citt'])
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the profile changes
  const definition = useMemo(() => cittadiniDefinition(canDownload), [canDownload, session.profilo])
  return (
    <ListScreen title="Area cittadini" description="Cittadine e cittadini che hanno partecipato ai servizi a cui hai accesso con il tuo ruolo." testId="cittadini-registro-page">
      <QueryProvider>
        <ServerList definition={definition} />
      </QueryProvider>
    </ListScreen>
  )
}
