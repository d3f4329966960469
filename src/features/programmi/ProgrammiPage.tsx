/** 'Elenco programmi' (spec 002 §2; platform-frontend §1.4): the programmes in the profile's scope. */
import { useMemo } from 'react'
import { QueryProvider } from '../../api/query'
import { hasAll, heldPermissions } from '../../auth/permissions'
import { useSession } from '../../auth/session'
import { ListScreen } from '../../ui/list/ListScreen'
import { ServerList } from '../../ui/list/ServerList'
import { programmiDefinition } from './lista'

export function ProgrammiPage() {
  const session = useSession()
  const canDownload = hasAll(heldPermissions(session), ['list.dwnl.prgm'])
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the profile changes
  const definition = useMemo(() => programmiDefinition(canDownload), [canDownload, session.profilo])
  return (
    <ListScreen title="Elenco programmi" description="Programmi di facilitazione digitale a cui hai accesso con il tuo ruolo." testId="programmi-page">
      <QueryProvider>
        <ServerList definition={definition} />
      </QueryProvider>
    </ListScreen>
  )
}
