/**
 * 'Elenco servizi' (spec 002 §2 services list; platform-frontend §1.4): facilitators and volunteers see
 * their services from the device (offline too) and the CTA 'Crea servizio' (permission new.serv; on
 * phones it sticks to the bottom of the screen); managers read `servizio/all` online.
 * 'Scarica CSV' with list.dwnl.serv.
 */
import '../servizi.css'
import { QueryProvider } from '../../../api/query'
import { hasAll, heldPermissions } from '../../../auth/permissions'
import { useSession } from '../../../auth/session'
import { AppLink } from '../../../ui/AppLink'
import { PHONE_QUERY, useMediaQuery } from '../../../ui/widgets/useMediaQuery'
import { isFieldRole } from '../../campo'
import { T } from '../labels'
import { ScaricaCsvButton } from './ScaricaCsvButton'
import { ServiziCampoList } from './ServiziCampoList'
import { ServiziManagerList } from './ServiziManagerList'
import type { FiltriServizi } from './servizi-list'

export function ServiziPage() {
  const session = useSession()
  const phone = useMediaQuery(PHONE_QUERY)
  const held = heldPermissions(session)
  const field = isFieldRole(session.profilo?.codiceRuolo)
  const canCreate = field && hasAll(held, ['new.serv'])
  const csv = hasAll(held, ['list.dwnl.serv']) ? (filtri: FiltriServizi) => <ScaricaCsvButton filtri={filtri} /> : undefined
  const cta = canCreate && (
    <div className={phone ? 'pd-cta-sticky mt-4' : undefined}>
      <AppLink to="/area-amministrativa/servizi/crea" className="btn btn-primary">{T.creaServizio}</AppLink>
    </div>
  )
  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid="servizi-page">
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-4">
        <div>
          <h1 className="mb-2">{T.titoloLista}</h1>
          <p className="lead text-secondary mb-0">{T.descrizioneLista}</p>
        </div>
        {!phone && cta}
      </div>
      {field ? (
        <ServiziCampoList csv={csv} />
      ) : (
        <QueryProvider>
          <ServiziManagerList csv={csv} />
        </QueryProvider>
      )}
      {phone && cta}
    </div>
  )
}
