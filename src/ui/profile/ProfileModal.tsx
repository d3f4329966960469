/**
 * Modal 'Scegli il ruolo' (spec 000 §2.7): radio list of the user's profiles with the role card
 * details; 'Conferma' stays disabled until a profile is selected. Opens by itself while a logged
 * user has not chosen a profile yet (after login or registration) and cannot be closed then;
 * otherwise it opens from 'Cambia ruolo' and 'Annulla' closes it.
 */
import { Modal, ModalBody, ModalFooter, ModalHeader } from 'design-react-kit'
import { useState } from 'react'
import { chooseProfile, useSession } from '../../auth/session'
import { closeShellModal, useOpenShellModal } from '../stores/modals'
import { RoleCardDetails } from './RoleCard'
import { profileKey } from './role-card'

export function ProfileModal({ forced }: { forced: boolean }) {
  const session = useSession()
  const opened = useOpenShellModal() === 'profile'
  const isOpen = forced || opened
  const profiles = session.user?.profiliUtente ?? []
  const currentKey = session.profilo ? profileKey(session.profilo) : null
  const [selected, setSelected] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  const close = () => {
    if (forced || pending) return
    setSelected(null)
    closeShellModal()
  }

  const confirm = async () => {
    const chosen = profiles.find((p) => profileKey(p) === selected)
    if (!chosen) return
    setPending(true)
    try {
      await chooseProfile(chosen)
      closeShellModal()
    } finally {
      setPending(false)
    }
  }

  return (
    <Modal
      isOpen={isOpen}
      toggle={close}
      backdrop={forced ? 'static' : true}
      keyboard={!forced}
      labelledBy="pd-profile-modal-title"
      scrollable
      data-testid="profile-modal"
    >
      {/* the dialog is named by its title only: the id is on the title, not on the header with 'Chiudi' */}
      <ModalHeader toggle={forced ? undefined : close} closeAriaLabel="Chiudi">
        <span id="pd-profile-modal-title">Scegli il ruolo</span>
      </ModalHeader>
      <ModalBody>
        <fieldset>
          <legend className="visually-hidden">Ruoli disponibili</legend>
          {profiles.map((p, i) => {
            const key = profileKey(p)
            const inputId = `pd-profile-${i}`
            return (
              <div className="form-check border-bottom py-2 my-0" key={key}>
                <input
                  className="form-check-input"
                  type="radio"
                  name="pd-profile"
                  id={inputId}
                  value={key}
                  checked={selected === key}
                  onChange={() => setSelected(key)}
                />
                <label className="form-check-label w-100" htmlFor={inputId}>
                  <RoleCardDetails profile={p} />
                  {key === currentKey && <span className="badge bg-primary mt-1">Ruolo attuale</span>}
                </label>
              </div>
            )
          })}
        </fieldset>
      </ModalBody>
      <ModalFooter>
        {!forced && (
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={close} disabled={pending}>
            Annulla
          </button>
        )}
        <button type="button" className="btn btn-primary btn-sm" onClick={() => void confirm()} disabled={!selected || pending}>
          Conferma
        </button>
      </ModalFooter>
    </Modal>
  )
}
