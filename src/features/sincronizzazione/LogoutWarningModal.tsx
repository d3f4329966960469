/**
 * Logout warning (ARCHITECTURE.md outbox point 6): 'Esci' with operations not yet confirmed by the server
 * opens this modal — "Hai N operazioni non ancora inviate. Restano salvate su questo dispositivo e saranno
 * inviate al tuo prossimo accesso; nessun altro utente le vedrà." — with 'Esci comunque', 'Annulla' and,
 * when the API is reachable, 'Sincronizza ora'. Rendered in the shell's 'overlay' slot; the question comes
 * from `askLogoutConfirmation` (alerts-store.ts), registered as the logout confirmation by the wiring.
 */
import { Modal, ModalBody, ModalFooter, ModalHeader } from 'design-react-kit'
import { useState } from 'react'
import { useConnectivity } from '../../offline'
import { syncCentre } from '../../offline/shell'
import { answerLogout, updateLogoutCount, useSyncAlerts } from './alerts-store'

/** The warning's text for `n` unsent operations. */
export function logoutWarningText(n: number): string {
  const head = n === 1 ? 'Hai 1 operazione non ancora inviata. Resta salvata' : `Hai ${n} operazioni non ancora inviate. Restano salvate`
  return `${head} su questo dispositivo e ${n === 1 ? 'sarà inviata' : 'saranno inviate'} al tuo prossimo accesso; nessun altro utente ${n === 1 ? 'la vedrà' : 'le vedrà'}.`
}

export function LogoutWarningModal() {
  const { logout } = useSyncAlerts()
  const connectivity = useConnectivity()
  const [syncing, setSyncing] = useState(false)
  const [note, setNote] = useState('')
  if (!logout) return null
  const n = logout.count
  const close = () => {
    setNote('')
    answerLogout(false)
  }
  const proceed = () => {
    setNote('')
    answerLogout(true)
  }
  const sync = async () => {
    setSyncing(true)
    setNote('Invio in corso…')
    try {
      const r = await syncCentre.syncNow()
      const left = await syncCentre.unsentCountForLogout()
      updateLogoutCount(left)
      if (left === 0) setNote('Tutte le operazioni sono state inviate: puoi uscire.')
      else if (r.stopped === 'offline') setNote('Server non raggiungibile: le operazioni restano salvate sul dispositivo.')
      else if (r.stopped === 'auth') setNote('Sessione scaduta: le operazioni restano salvate e saranno inviate al prossimo accesso.')
      else setNote(left === 1 ? 'Resta 1 operazione da inviare o da verificare.' : `Restano ${left} operazioni da inviare o da verificare.`)
    } finally {
      setSyncing(false)
    }
  }
  const allSent = n === 0
  return (
    <Modal isOpen toggle={close} labelledBy="pd-logout-warning-title" data-testid="logout-warning">
      <ModalHeader toggle={close} closeAriaLabel="Chiudi">
        <span id="pd-logout-warning-title">{allSent ? 'Operazioni inviate' : 'Operazioni non ancora inviate'}</span>
      </ModalHeader>
      <ModalBody>
        {!allSent && <p data-testid="logout-warning-text">{logoutWarningText(n)}</p>}
        <p role="status" aria-live="polite" className="mb-0">
          {note}
        </p>
      </ModalBody>
      <ModalFooter className="flex-wrap gap-2">
        <button type="button" className="btn btn-outline-primary" onClick={close}>
          Annulla
        </button>
        {!allSent && connectivity === 'online' && (
          <button type="button" className="btn btn-outline-primary" onClick={() => void sync()} disabled={syncing}>
            Sincronizza ora
          </button>
        )}
        <button type="button" className={allSent ? 'btn btn-primary' : 'btn btn-danger'} onClick={proceed} disabled={syncing}>
          {allSent ? 'Esci' : 'Esci comunque'}
        </button>
      </ModalFooter>
    </Modal>
  )
}
