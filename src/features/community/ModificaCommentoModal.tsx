/**
 * 'Modifica commento' (spec 001 §2 "Comment modal": prompt 'Digita qui sotto il testo', 1,500 characters) with the
 * comment's version (issue 27 point 2). Sent online through useSalvataggioVersionato: when someone changed the
 * comment meanwhile (409 V01) the dialog keeps the typing and shows the side-by-side view for the one field
 * 'Testo del commento' (nomeCampoCommento, the sync centre's name too); its 'Salva' re-sends the chosen text with
 * the server's version. Offline or on a network failure the edit is queued (modificaCommento) with the version and
 * text it was made on, and the outbox's replay handles its conflicts. A comment still queued (no server id, no
 * version) is edited in its outbox entry, never versioned.
 */
import { Modal, ModalBody, ModalFooter, ModalHeader } from 'design-react-kit'
import { useEffect, useId, useRef, useState } from 'react'
import { LIMITS, type Comment } from '../../api/contract/community'
import { useSalvataggioVersionato } from '../../ui/conflitto'
import { modificaCommento, type ItemRef } from './api'
import { type Target } from './outbox'
import { nomeCampoCommento } from './outbox-conflitti'

interface Valori { testo: string }
const CAMPI = { testo: { label: nomeCampoCommento('testo') } }

export interface ModificaCommentoModalProps {
  isOpen: boolean
  item: ItemRef
  /** the comment as shown (its text, a queued edit's text included) and where it is; null while closed */
  edit: { comment: Comment; target: Target } | null
  onClose(): void
  /** after the edit was sent or queued */
  onDone(outcome: 'sent' | 'queued'): Promise<unknown>
}

export function ModificaCommentoModal({ isOpen, item, edit, onClose, onDone }: ModificaCommentoModalProps) {
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const id = useId()
  const initial = edit?.comment.comment_body ?? ''
  useEffect(() => { if (isOpen) setText(initial) }, [isOpen, initial])
  const versioned = edit?.target.idCommento != null
  // the text of each version seen (the read, a 409's): what a queued edit was made on
  const testi = useRef(new Map<number, string>())
  const s = useSalvataggioVersionato<Valori, 'sent' | 'queued'>({
    lettura: isOpen && edit && versioned ? { valori: { testo: edit.comment.comment_body }, versione: edit.comment.versione } : null,
    invia: ({ testo }, versione) =>
      modificaCommento(item, edit!.target, testo, { versione, testo: testi.current.get(versione) ?? edit!.comment.comment_body }),
    daCorrente: (c) => {
      const x = c as { comment_body?: unknown; versione?: unknown } | null
      if (typeof x?.comment_body !== 'string' || typeof x.versione !== 'number') return null
      testi.current.set(x.versione, x.comment_body)
      return { valori: { testo: x.comment_body }, versione: x.versione }
    },
    campi: CAMPI,
    onSalvato: async (outcome) => {
      setText('')
      onClose()
      await onDone(outcome)
    },
  })

  const blank = text.trim() === ''
  const confirm = async () => {
    if (blank || !edit) return
    setBusy(true)
    try {
      if (versioned) await s.salva({ testo: text.trim() })
      else {
        // a comment still in the outbox: the edit folds into its entry
        const outcome = await modificaCommento(item, edit.target, text.trim(), { testo: edit.comment.comment_body })
        setText('')
        onClose()
        await onDone(outcome)
      }
    } catch {
      // the API client showed the server's message; the dialog keeps the text
    } finally {
      setBusy(false)
    }
  }
  const dismiss = () => { if (!busy) onClose() }
  return (
    <Modal isOpen={isOpen} toggle={dismiss} labelledBy={`${id}-title`} data-testid="text-modal">
      <ModalHeader toggle={dismiss} closeAriaLabel="Chiudi"><span id={`${id}-title`}>Modifica commento</span></ModalHeader>
      <ModalBody>
        {s.vista}
        <div className="form-group mt-3 mb-0" hidden={s.inConflitto}>
          <label htmlFor={`${id}-text`} className="active">Digita qui sotto il testo *</label>
          <textarea id={`${id}-text`} className="form-control" rows={5} value={text} maxLength={LIMITS.comment}
            onChange={(e) => setText(e.target.value.slice(0, LIMITS.comment))} aria-describedby={`${id}-count`} required />
          <small id={`${id}-count`} className="form-text">{[...text].length}/{LIMITS.comment} caratteri · *Campo obbligatorio</small>
        </div>
      </ModalBody>
      {!s.inConflitto && (
        <ModalFooter>
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={dismiss} disabled={busy}>Annulla</button>
          <button type="button" className="btn btn-sm btn-primary" onClick={() => void confirm()} disabled={busy || blank}>
            {busy ? 'Attendere…' : 'Salva'}
          </button>
        </ModalFooter>
      )}
    </Modal>
  )
}
