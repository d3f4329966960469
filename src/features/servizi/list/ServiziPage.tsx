/**
 * 'Elenco servizi' (spec 002 §2 services list; platform-frontend §1.4) on the list pattern: facilitators
 * and volunteers see their services from the device (offline too; older ones online under 'Servizi
 * precedenti', issue 25 point 2) and the CTA 'Crea servizio' (permission
 * new.serv; on phones it sticks to the bottom of the screen); managers read `servizio/all` online.
 * 'Scarica CSV' with list.dwnl.serv.
 */
import '../servizi.css'
import { QueryProvider } from '../../../api/query'
import { hasAll, heldPermissions } from '../../../auth/permissions'
import { getSessionState, useSession } from '../../../auth/session'
import { AppLink } from '../../../ui/AppLink'
import { ListScreen } from '../../../ui/list/ListScreen'
import { listPageQuery } from '../../../ui/list/ServerList'
import { isFieldRole } from '../../campo'
import { T } from '../labels'
import { SenzaProfilo } from '../PageStates'
import { ServiziCampoList } from './ServiziCampoList'
import { serviziDefinition, ServiziManagerList } from './ServiziManagerList'

/**
 * The server read of the page for the current session, for its route loader (src/api/prefetch.ts): a
 * manager's page of the list the URL's `search` shows; none for a facilitator or volunteer (the device's list).
 */
export function serviziListReads(search: Record<string, unknown>) {
  const { profilo } = getSessionState()
  return profilo && !isFieldRole(profilo.codiceRuolo) ? [listPageQuery(serviziDefinition(false), search)] : []
}

export function ServiziPage() {
  const session = useSession()
  const held = heldPermissions(session)
  const field = isFieldRole(session.profilo?.codiceRuolo)
  // no chosen profile (e.g. its project was terminated): the device's copy read-only, or a notice
  const ended = !session.profilo && isFieldRole(session.profiloNonAttivo?.codiceRuolo)
  const canCreate = field && hasAll(held, ['new.serv'])
  const canDownload = hasAll(held, ['list.dwnl.serv'])
  const cta = canCreate ? <AppLink to="/area-amministrativa/servizi/crea" className="btn btn-primary">{T.creaServizio}</AppLink> : undefined
  return (
    <ListScreen title={T.titoloLista} description={T.descrizioneLista} cta={cta} testId="servizi-page">
      {field ? (
        <ServiziCampoList canDownload={canDownload} archivio />
      ) : !session.profilo ? (
        <>
          <SenzaProfilo ended={ended} />
          {ended && <ServiziCampoList canDownload={false} />}
        </>
      ) : (
        <QueryProvider>
          <ServiziManagerList canDownload={canDownload} />
        </QueryProvider>
      )}
    </ListScreen>
  )
}
