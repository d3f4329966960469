/**
 * 'Monitoraggio dei caricamenti massivi' (`/area-dati/monitoraggio-caricamenti-massivi`; platform-frontend
 * §7.2): every mass-upload job in the profile's scope on the list pattern, with the job states and the
 * failure tooltip of spec 002 §8, and the link 'Vai al caricamento dati' to the upload page.
 */
import { useMemo } from 'react'
import { QueryProvider } from '../../api/query'
import { useSession } from '../../auth/session'
import { AppLink } from '../../ui/AppLink'
import { ListScreen } from '../../ui/list/ListScreen'
import { ServerList } from '../../ui/list/ServerList'
import { caricamentiDefinition } from './lista'

export const UPLOAD_PATH = '/gestione-configurazioni/caricamenti-massivi'

export function MonitoraggioPage() {
  const session = useSession()
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the profile changes
  const definition = useMemo(() => caricamentiDefinition('monitoraggio'), [session.profilo])
  return (
    <ListScreen title="Monitoraggio dei caricamenti massivi" testId="monitoraggio-caricamenti-page"
      description="I caricamenti massivi di servizi, cittadini e questionari, con il loro esito."
      cta={<AppLink to={UPLOAD_PATH} className="btn btn-primary">Vai al caricamento dati</AppLink>}>
      <QueryProvider>
        <ServerList definition={definition} />
      </QueryProvider>
    </ListScreen>
  )
}
