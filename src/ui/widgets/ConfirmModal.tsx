/**
 * Confirmation dialog (design-react-kit Modal: focus trap, Escape closes, focus returns to the opener).
 * 'Annulla' dismisses; the confirm button runs `onConfirm` and shows `busyLabel` while it is pending; `error` (what
 * a failed action said, src/ui/widgets/useConferma.tsx `useEsecuzione`) shows as an alert under the text.
 *
 *   <ConfirmModal isOpen title="Elimina servizio" confirmLabel="Elimina" onConfirm={…} onCancel={…}>
 *     Confermi di voler eliminare questo servizio?
 *   </ConfirmModal>
 */
import { Modal, ModalBody, ModalFooter, ModalHeader } from 'design-react-kit'
import { useId, type ReactNode } from 'react'

export interface ConfirmModalProps {
  isOpen: boolean
  title: string
  children: ReactNode
  confirmLabel?: string
  cancelLabel?: string
  onConfirm(): void
  onCancel(): void
  /** the action is running: buttons disabled, confirm shows `busyLabel` */
  busy?: boolean
  busyLabel?: string
  /** the confirm button is destructive (red) */
  danger?: boolean
  /** why the action failed: the dialog stays open and says it */
  error?: string | null
}

export function ConfirmModal({
  isOpen, title, children, confirmLabel = 'Conferma', cancelLabel = 'Annulla', onConfirm, onCancel,
  busy = false, busyLabel = 'Attendere…', danger = false, error = null,
}: ConfirmModalProps) {
  const titleId = `${useId()}-title`
  const dismiss = () => {
    if (!busy) onCancel()
  }
  return (
    <Modal isOpen={isOpen} toggle={dismiss} labelledBy={titleId} data-testid="confirm-modal">
      {/* the dialog is named by its title only: the id is on the title, not on the header with 'Chiudi' */}
      <ModalHeader toggle={dismiss} closeAriaLabel="Chiudi">
        <span id={titleId}>{title}</span>
      </ModalHeader>
      <ModalBody>
        {children}
        {error && <div className="alert alert-danger mt-3 mb-0" role="alert">{error}</div>}
      </ModalBody>
      <ModalFooter>
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={dismiss} disabled={busy}>
          {cancelLabel}
        </button>
        <button type="button" className={`btn btn-sm ${danger ? 'btn-danger' : 'btn-primary'}`} onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </button>
      </ModalFooter>
    </Modal>
  )
}
