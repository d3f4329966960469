/**
 * 'Registro degli accessi' (`/registro-accessi`, `view.registro.accessi`: DTD, or a custom 'Responsabile protezione
 * dati' role; issue 28 part 1): who read or changed personal data, logged in, chose a role or was refused, on the
 * list pattern with its CSV. Online only (never kept on the device).
 */
import { useMemo } from 'react'
import { QueryProvider } from '../../api/query'
import { useSession } from '../../auth/session'
import { ListScreen } from '../../ui/list/ListScreen'
import { ServerList } from '../../ui/list/ServerList'
import { registroDefinition } from './lista'
import { TabRegistro } from './TabRegistro'

export function RegistroAccessiPage() {
  const session = useSession()
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the profile changes
  const definition = useMemo(() => registroDefinition(), [session.profilo])
  return (
    <ListScreen title="Registro degli accessi" testId="registro-accessi-page"
      description="Chi ha letto o modificato dati personali, chi è entrato, ha scelto un ruolo o è stato respinto. Le righe sono conservate 12 mesi e non si modificano.">
      <TabRegistro attiva="registro" />
      <QueryProvider>
        <ServerList definition={definition} />
      </QueryProvider>
    </ListScreen>
  )
}
