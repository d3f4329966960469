/**
 * The community's text dialogs (design-react-kit Modal: focus trap, Escape, focus return): comment
 * ('Aggiungi commento', 'Modifica commento', 'Aggiungi risposta al commento', prompt 'Digita qui sotto il
 * testo'), report ('Invia segnalazione') and delete ('Confermi di voler eliminare questo contenuto?' with
 * 'Inserisci il motivo dell'eliminazione'). The textarea truncates at 1,500 characters; the confirm
 * button is disabled while a required text is blank. On success the dialog closes and the text clears.
 */
import { useEffect, useId, useState, type ReactNode } from 'react'
import { LIMITS } from '../../api/contract/community'
import { ConflittoAzione } from '../../ui/conflitto'
import { Modal, ModalBody, ModalFooter, ModalHeader } from 'design-react-kit'

export interface TextModalProps {
  isOpen: boolean
  title: string
  prompt: string
  confirmLabel: string
  /** blank text refused (comments, reports, a non-author's delete) */
  required: boolean
  initial?: string
  intro?: ReactNode
  danger?: boolean
  onSubmit(text: string): Promise<unknown>
  onClose(): void
}

export function TextModal({ isOpen, title, prompt, confirmLabel, required, initial = '', intro, danger, onSubmit, onClose }: TextModalProps) {
  const [text, setText] = useState(initial)
  const [busy, setBusy] = useState(false)
  // issue 27: the record changed meanwhile (ConflittoAzione): said here, the next confirmation acts on the new version
  const [conflitto, setConflitto] = useState<string | null>(null)
  const id = useId()
  useEffect(() => { if (isOpen) { setText(initial); setConflitto(null) } }, [isOpen, initial])
  const blank = text.trim() === ''
  const confirm = async () => {
    if (required && blank) return
    setBusy(true)
    try {
      await onSubmit(text.trim())
      setText('')
      onClose()
    } catch (e) {
      // the API client already showed any other error
      if (e instanceof ConflittoAzione) setConflitto(e.message)
    } finally {
      setBusy(false)
    }
  }
  const dismiss = () => { if (!busy) onClose() }
  return (
    <Modal isOpen={isOpen} toggle={dismiss} labelledBy={`${id}-title`} data-testid="text-modal">
      <ModalHeader toggle={dismiss} closeAriaLabel="Chiudi"><span id={`${id}-title`}>{title}</span></ModalHeader>
      <ModalBody>
        {intro}
        <div className="form-group mt-3 mb-0">
          <label htmlFor={`${id}-text`} className="active">{prompt}{required ? ' *' : ''}</label>
          <textarea id={`${id}-text`} className="form-control" rows={5} value={text} maxLength={LIMITS.comment}
            onChange={(e) => setText(e.target.value.slice(0, LIMITS.comment))} aria-describedby={`${id}-count`} required={required} />
          <small id={`${id}-count`} className="form-text">{[...text].length}/{LIMITS.comment} caratteri{required ? ' · *Campo obbligatorio' : ''}</small>
        </div>
        {conflitto && <div className="alert alert-warning mt-3 mb-0" role="alert">{conflitto}</div>}
      </ModalBody>
      <ModalFooter>
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={dismiss} disabled={busy}>Annulla</button>
        <button type="button" className={`btn btn-sm ${danger ? 'btn-danger' : 'btn-primary'}`} onClick={() => void confirm()} disabled={busy || (required && blank)}>
          {busy ? 'Attendere…' : confirmLabel}
        </button>
      </ModalFooter>
    </Modal>
  )
}
