/**
 * Support modal (spec 000 §6.3, spec 002 §2 and §6): guides by role and policy, 'Vai all'assistenza'
 * (opens /richiesta-assistenza in a new tab, eligible roles only) and 'Annulla'.
 */
import { Modal, ModalBody, ModalFooter, ModalHeader } from 'design-react-kit'
import { useSession } from '../../auth/session'
import { closeShellModal, useOpenShellModal } from '../stores/modals'
import { supportContent } from './rules'

export function SupportModal() {
  const session = useSession()
  const isOpen = useOpenShellModal() === 'support'
  const content = supportContent({
    loggedIn: session.status === 'authenticated',
    codiceRuolo: session.profilo?.codiceRuolo,
    policy: session.profilo?.policy,
  })
  return (
    <Modal isOpen={isOpen} toggle={closeShellModal} labelledBy="pd-support-modal-title" data-testid="support-modal">
      {/* the dialog is named by its title only: the id is on the title, not on the header with 'Chiudi' */}
      <ModalHeader toggle={closeShellModal} closeAriaLabel="Chiudi">
        <span id="pd-support-modal-title">{content.kind === 'anonymous' ? 'Hai bisogno di assistenza?' : 'Assistenza tecnica'}</span>
      </ModalHeader>
      <ModalBody>
        {content.kind === 'anonymous' && (
          <>
            <p>Per inviare una richiesta di assistenza tecnica accedi con la tua identità digitale.</p>
            <p className="mb-0">
              Se hai problemi ad accedere scrivi a <a href={`mailto:${content.email}`}>{content.email}</a>.
            </p>
          </>
        )}
        {content.kind === 'unavailable' && <p className="mb-0">{content.message}</p>}
        {content.kind === 'links' && (
          <>
            <p>Prima di inviare una richiesta consulta i materiali di supporto:</p>
            <ul className="mb-0">
              {content.links.map((l) => (
                <li key={l.label}>
                  <a href={l.href} target="_blank" rel="noreferrer">
                    {l.label}
                    <span className="visually-hidden"> (si apre in una nuova scheda)</span>
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
      </ModalBody>
      <ModalFooter>
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={closeShellModal}>
          Annulla
        </button>
        {content.canOpenAssistance && (
          <a className="btn btn-primary btn-sm" href="/richiesta-assistenza" target="_blank" rel="noopener" onClick={closeShellModal}>
            {"Vai all'assistenza"}
            <span className="visually-hidden"> (si apre in una nuova scheda)</span>
          </a>
        )}
      </ModalFooter>
    </Modal>
  )
}
