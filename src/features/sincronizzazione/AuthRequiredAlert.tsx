/**
 * Persistent alert asking to log in again (issue 24 point 7), in the shell's 'before-main' slot:
 * - the session was marked expired (a 401 on expired tokens, a refresh the provider refused:
 *   src/auth/session-end.ts): the user stays in the app and reads what the device holds;
 * - or the replay got 401 and the refresh failed (offline event 'auth-required') while operations wait.
 * "… Nessun dato andrà perso." with 'Accedi', which opens the SPID / CIE choice (a new login of the same
 * user resumes the paused operations), and, when operations wait, a link to the sync centre, where they
 * show as 'In pausa: accesso richiesto'.
 */
import { Modal, ModalBody, ModalFooter, ModalHeader } from 'design-react-kit'
import { useState } from 'react'
import { startLogin, useSession } from '../../auth/session'
import { AppLink } from '../../ui/AppLink'
import { IdentityButtons } from '../auth'
import { useSyncStatus } from '../../offline/shell'
import { useSyncAlerts } from './alerts-store'

export const AUTH_REQUIRED_TEXT = 'La sessione è scaduta: accedi di nuovo per inviare le operazioni salvate. Nessun dato andrà perso.'
/** The same alert with nothing waiting to be sent. */
export const SESSION_EXPIRED_TEXT = 'La sessione è scaduta: accedi di nuovo per continuare. Nessun dato andrà perso.'
/** Path of the sync centre. */
export const SYNC_CENTRE_PATH = '/area-personale/sincronizzazione'

export function AuthRequiredAlert() {
  const { authRequired } = useSyncAlerts()
  const { sessionExpired } = useSession()
  const { pausedAuth } = useSyncStatus()
  const [choosing, setChoosing] = useState(false)
  const [busy, setBusy] = useState(false)
  if (!sessionExpired && !(authRequired && pausedAuth > 0)) return null
  const start = (provider: 'spid' | 'cie') => {
    setBusy(true)
    void startLogin(provider).finally(() => setBusy(false))
  }
  return (
    <div className="container-xxl mt-3" data-testid="auth-required-alert">
      <div className="alert alert-warning d-flex flex-wrap align-items-center justify-content-between gap-2 mb-0" role="alert">
        <p className="mb-0">
          {pausedAuth > 0 ? AUTH_REQUIRED_TEXT : SESSION_EXPIRED_TEXT}
          {pausedAuth > 0 && (
            <>
              {' '}
              <AppLink to={SYNC_CENTRE_PATH}>Vedi le operazioni in attesa</AppLink>
            </>
          )}
        </p>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setChoosing(true)}>
          Accedi
        </button>
      </div>
      <Modal isOpen={choosing} toggle={() => setChoosing(false)} labelledBy="pd-auth-required-title" data-testid="auth-required-modal">
        <ModalHeader toggle={() => setChoosing(false)} closeAriaLabel="Chiudi">
          <span id="pd-auth-required-title">Accedi di nuovo</span>
        </ModalHeader>
        <ModalBody>
          <p>Accedi con la stessa identità digitale: le operazioni salvate sul dispositivo saranno inviate subito dopo.</p>
          <IdentityButtons onStart={start} busy={busy} />
        </ModalBody>
        <ModalFooter>
          <button type="button" className="btn btn-outline-primary" onClick={() => setChoosing(false)}>
            Annulla
          </button>
        </ModalFooter>
      </Modal>
    </div>
  )
}
