/**
 * Confirmation before 'Elimina' in the sync centre: the operation's data will be lost (never sent, not
 * recoverable), dependent operations will need attention; only 'Elimina definitivamente' calls
 * `discardEntry(id, { confirmed: true })`. design-react-kit Modal (focus trap, Esc cancels).
 */
import { Modal, ModalBody, ModalFooter, ModalHeader } from 'design-react-kit'
import { useId, useState } from 'react'
import { outbox, type OutboxEntry } from '../../offline'
import { kindLabel } from './format'

export interface DiscardEntryModalProps {
  entry: OutboxEntry
  /** open operations that depend on this one */
  dependents: number
  onClose(): void
  /** called after the discard with a short Italian message */
  onDiscarded(message: string): void
}

export function DiscardEntryModal({ entry, dependents, onClose, onDiscarded }: DiscardEntryModalProps) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const titleId = `${useId()}-title`
  const title = entry.label ?? kindLabel(entry.kind)

  const confirm = async () => {
    setBusy(true)
    setError(null)
    try {
      await outbox.discard(entry.id, { confirmed: true })
      onDiscarded('Operazione eliminata: i suoi dati non saranno inviati.')
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : 'Eliminazione non riuscita.')
      setBusy(false)
    }
  }

  return (
    <Modal isOpen toggle={onClose} labelledBy={titleId} data-testid="discard-entry-modal">
      <ModalHeader toggle={onClose} closeAriaLabel="Chiudi">
        <span id={titleId}>Eliminare l&apos;operazione?</span>
      </ModalHeader>
      <ModalBody>
        <p className="fw-semibold text-break">{title}</p>
        <p data-testid="discard-warning">
          I dati di questa operazione andranno persi: non saranno inviati al server e non potranno essere recuperati. Se ti servono,
          annulla ed esporta prima le operazioni con «Esporta (JSON)».
        </p>
        {dependents > 0 && (
          <p>
            {dependents === 1
              ? "Un'altra operazione dipende da questa: non potrà essere inviata e richiederà attenzione."
              : `${dependents} operazioni dipendono da questa: non potranno essere inviate e richiederanno attenzione.`}
          </p>
        )}
        {error && (
          <div className="alert alert-danger mb-0" role="alert">
            {error}
          </div>
        )}
      </ModalBody>
      <ModalFooter>
        <button type="button" className="btn btn-outline-primary" onClick={onClose}>
          Annulla
        </button>
        <button type="button" className="btn btn-danger" onClick={() => void confirm()} disabled={busy}>
          Elimina definitivamente
        </button>
      </ModalFooter>
    </Modal>
  )
}
