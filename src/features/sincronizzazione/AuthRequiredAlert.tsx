/**
 * Persistent alert after the offline event 'auth-required' (the replay got 401 and the refresh failed):
 * "La sessione è scaduta: accedi di nuovo per inviare le operazioni salvate. Nessun dato andrà perso."
 * with 'Accedi', which opens the SPID / CIE choice (a new login of the same user resumes the paused
 * operations). Shown while operations are paused for the login; rendered in the shell's 'before-main' slot.
 */
import { Modal, ModalBody, ModalFooter, ModalHeader } from 'design-react-kit'
import { useState } from 'react'
import { startLogin } from '../../auth/session'
import { IdentityButtons } from '../auth/IdentityButtons'
import { useSyncStatus } from '../../offline'
import { useSyncAlerts } from './alerts-store'

export const AUTH_REQUIRED_TEXT = 'La sessione è scaduta: accedi di nuovo per inviare le operazioni salvate. Nessun dato andrà perso.'

export function AuthRequiredAlert() {
  const { authRequired } = useSyncAlerts()
  const { pausedAuth } = useSyncStatus()
  const [choosing, setChoosing] = useState(false)
  const [busy, setBusy] = useState(false)
  if (!authRequired || pausedAuth === 0) return null
  const start = (provider: 'spid' | 'cie') => {
    setBusy(true)
    void startLogin(provider).finally(() => setBusy(false))
  }
  return (
    <div className="container-xxl mt-3" data-testid="auth-required-alert">
      <div className="alert alert-warning d-flex flex-wrap align-items-center justify-content-between gap-2 mb-0" role="alert">
        <p className="mb-0">{AUTH_REQUIRED_TEXT}</p>
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
