/**
 * 'Invia questionario' for a citizen of a service (spec 002 §2 "send the survey to the citizen", §7;
 * platform-frontend §3.6; platform-backend §5.6). Online only: `POST
 * servizio/cittadino/questionarioCompilato/{id}/invia` (body: the profile ids) creates the link of the
 * citizen's anonymous page (a new call replaces the previous link), then a modal shows it as a QR code to
 * frame with the phone's camera, as a read-only field with 'Copia link' (clipboard API, confirmation in
 * an aria-live region) and 'Condividi' where the browser can share, and its expiry ('Valido fino al …').
 * The survey then reads INVIATO with the link's expiry on the device too (`registraLinkInviati`, issue 8
 * point 3), and the button 'Invia di nuovo'.
 *
 * Props: `idQuestionario` — server id of the survey instance, null while it exists only on the device;
 * `disabled` — the caller's own reason to disable (e.g. survey already compiled); `inviato` — the survey
 * was sent already (label 'Invia di nuovo'); `descrizione` — hidden text naming the citizen
 * (' del cittadino RSS…90…'), as the row's other buttons do.
 * Disabled with an Italian reason when there is no server id yet or the device is offline. API failures
 * are shown by the HTTP client's toasts (spec 000 §8).
 */
import { Modal, ModalBody, ModalFooter, ModalHeader } from 'design-react-kit'
import { useEffect, useId, useRef, useState } from 'react'
import { createStore, useStore } from '../../../lib/store'
import { write } from '../../../api/write'
import { InviaQuestionarioRispostaSchema, type InviaQuestionarioRisposta } from '../../../api/contract/questionario'
import { registraLinkInviati } from '../../campo'
import { absoluteLink, motivoDisabilitato, scadenzaText } from './link'
import { useOnline } from './online'
import { QrCode } from './QrCode'

export interface InviaQuestionarioButtonProps {
  idQuestionario: string | null
  disabled?: boolean
  /** sent already: 'Invia di nuovo' */
  inviato?: boolean
  /** hidden text after the label naming the citizen */
  descrizione?: string
}

/**
 * The open link modal, kept outside the button: a list that redraws its rows (table ↔ accordion when a
 * phone is turned across 768 px) unmounts the button, and the facilitator showing the QR code must not
 * lose it. Whichever button of that survey is mounted draws the modal.
 */
const openLink = createStore<{ idQuestionario: string; risposta: InviaQuestionarioRisposta } | null>(null)
const setOpenLink = openLink.set

export function InviaQuestionarioButton({ idQuestionario, disabled = false, inviato = false, descrizione }: InviaQuestionarioButtonProps) {
  const online = useOnline()
  const [pending, setPending] = useState(false)
  const shown = useStore(openLink, openLink.get, () => null)
  const risposta = shown && shown.idQuestionario === idQuestionario ? shown.risposta : null
  const reasonId = useId()
  const reason = disabled ? null : motivoDisabilitato(idQuestionario, online)

  const invia = async () => {
    if (!idQuestionario || pending) return
    setPending(true)
    try {
      const r = await write({ method: 'post', path: `servizio/cittadino/questionarioCompilato/${encodeURIComponent(idQuestionario)}/invia`, schema: InviaQuestionarioRispostaSchema, toast: 'catalogue', invalidate: [] })
      setOpenLink({ idQuestionario, risposta: r })
      // the row reads INVIATO with the expiry at once (no device database: nothing to update)
      await registraLinkInviati([{ idQuestionario, scadenza: r.scadenza }]).catch(() => undefined)
    } catch {
      /* the client already showed the error toast */
    } finally {
      setPending(false)
    }
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        disabled={disabled || reason !== null || pending}
        aria-describedby={reason ? reasonId : undefined}
        onClick={() => void invia()}
        data-testid="invia-questionario"
      >
        {pending ? 'Creazione del link…' : inviato ? 'Invia di nuovo' : 'Invia questionario'}
        {descrizione && <span className="visually-hidden">{descrizione}</span>}
      </button>
      {reason && (
        <span id={reasonId} className="d-block small text-muted mt-1" data-testid="invia-questionario-motivo">
          {reason}
        </span>
      )}
      {risposta && <LinkModal risposta={risposta} isOpen onClose={() => setOpenLink(null)} />}
    </>
  )
}

interface LinkModalProps {
  risposta: InviaQuestionarioRisposta
  isOpen: boolean
  onClose: () => void
}

/** The modal with the link: QR code, read-only field, 'Copia link', 'Condividi', expiry. */
function LinkModal({ risposta, isOpen, onClose }: LinkModalProps) {
  const link = absoluteLink(risposta.link)
  const [copyMessage, setCopyMessage] = useState('')
  const inputRef = useRef<HTMLInputElement>(null)
  const ids = useId()
  const titleId = `${ids}-titolo`
  const inputId = `${ids}-link`
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function'

  useEffect(() => {
    setCopyMessage('')
  }, [link])

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('clipboard non disponibile')
      await navigator.clipboard.writeText(link)
      setCopyMessage('Link copiato negli appunti.')
    } catch {
      inputRef.current?.select()
      setCopyMessage('Non è stato possibile copiare il link: è selezionato, copialo dal menu del telefono.')
    }
  }

  const share = async () => {
    try {
      await navigator.share({ title: 'Questionario Punto Digitale', text: 'Compila il questionario sul servizio che hai ricevuto:', url: link })
    } catch {
      /* share sheet dismissed */
    }
  }

  const scadenza = scadenzaText(risposta.scadenza)
  return (
    <Modal isOpen={isOpen} toggle={onClose} labelledBy={titleId} data-testid="invia-questionario-modal">
      {/* the dialog is named by its title only: the id is on the title, not on the header with 'Chiudi' */}
      <ModalHeader toggle={onClose} closeAriaLabel="Chiudi">
        <span id={titleId}>Invia il questionario al cittadino</span>
      </ModalHeader>
      <ModalBody>
        <p>Fai inquadrare il codice QR con la fotocamera del telefono del cittadino, oppure copia il link e invialo con un messaggio.</p>
        <div className="text-center mb-3">
          <QrCode text={link} label="Codice QR del link al questionario" testId="invia-questionario-qr" />
        </div>
        <label htmlFor={inputId} className="fw-semibold d-block mb-1">
          Link al questionario
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          className="form-control mb-2"
          value={link}
          readOnly
          aria-readonly="true"
          onFocus={(e) => e.currentTarget.select()}
          data-testid="invia-questionario-link"
        />
        <div className="d-flex flex-wrap gap-2 mb-2">
          <button type="button" className="btn btn-primary btn-sm" onClick={() => void copy()}>
            Copia link
          </button>
          {canShare && (
            <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => void share()}>
              Condividi
            </button>
          )}
        </div>
        <p role="status" aria-live="polite" className="small mb-2" data-testid="invia-questionario-copiato">
          {copyMessage}
        </p>
        {scadenza && (
          <p className="mb-1" data-testid="invia-questionario-scadenza">
            <time dateTime={risposta.scadenza}>{scadenza}</time>
          </p>
        )}
        <p className="small text-muted mb-0">Un nuovo invio crea un nuovo link e disattiva quello precedente.</p>
      </ModalBody>
      <ModalFooter>
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={onClose}>
          Chiudi
        </button>
      </ModalFooter>
    </Modal>
  )
}
