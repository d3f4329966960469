/**
 * Shell notice (under the breadcrumb, every page) while the profile the user was working with is no longer
 * active (`SessionState.profiloNonAttivo`: the server stopped listing it, e.g. the DTD terminated the
 * project): says what happened and offers the way on — 'Scegli un altro profilo' (when the user has
 * others), 'Esci' and, for facilitators and volunteers, the services saved on the device.
 */
import { requestLogout } from '../../auth/logout'
import { AppLink } from '../AppLink'
import { useSession } from '../../auth/session'
import { openShellModal } from '../stores/modals'
import { PROFILE_ENDED_TITLE, profileEndedText } from './profile-ended'
import { RUOLI_CAMPO } from '../../lib/ruoli'

/** Roles whose services stay readable on the device (the services pages let them in read-only). */
const FIELD_ROLES: readonly string[] = RUOLI_CAMPO

export function ProfileEndedNotice() {
  const s = useSession()
  const ended = s.status === 'authenticated' ? s.profiloNonAttivo : null
  if (!ended) return null
  const others = s.user?.profiliUtente.length ?? 0
  return (
    <div className="container-xxl pt-3" data-testid="profilo-non-attivo">
      <div className="alert alert-warning mb-0" role="alert">
        <h2 className="h5">{PROFILE_ENDED_TITLE}</h2>
        <p className="mb-3">{profileEndedText(ended, others)}</p>
        <div className="d-flex flex-wrap align-items-center gap-2">
          {others > 0 && (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => openShellModal('profile')}>
              Scegli un altro profilo
            </button>
          )}
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => void requestLogout()}>
            Esci
          </button>
          {FIELD_ROLES.includes(ended.codiceRuolo) && (
            <AppLink to="/area-amministrativa/servizi" className="ms-1">
              Vedi i servizi salvati sul dispositivo
            </AppLink>
          )}
        </div>
      </div>
    </div>
  )
}
