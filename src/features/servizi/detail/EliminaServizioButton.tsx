/**
 * 'Elimina' of a NON ATTIVO service (platform-backend §2.8; spec 002 §4: on success the list reloads):
 * a confirmation modal, then `eliminaServizio` (stored on the device, sent when possible), a toast and
 * back to the list. Failures keep the modal open with the message.
 */
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useConnectivity } from '../../../offline'
import { showToast } from '../../../ui/stores/toasts'
import { ConfirmModal } from '../../../ui/widgets/ConfirmModal'
import { useEsecuzione } from '../../../ui/widgets/useConferma'
import { eliminaServizio } from '../../campo'
import { saveErrorMessage } from '../form/servizio-form'

export function EliminaServizioButton({ idLocale, nome }: { idLocale: string; nome: string }) {
  const [open, setOpen] = useState(false)
  const { busy, errore, setErrore, esegui } = useEsecuzione((err) => saveErrorMessage(err).replace('salvare il servizio', 'eliminare il servizio'))
  const navigate = useNavigate()
  const offline = useConnectivity() === 'offline'
  const confirm = async () => {
    const ok = await esegui(async () => {
      await eliminaServizio(idLocale)
      showToast({ message: offline ? 'Eliminazione salvata sul dispositivo: sarà inviata appena torna la connessione' : 'Servizio eliminato', status: 'success' })
    })
    if (ok) {
      setOpen(false)
      void navigate({ to: '/area-amministrativa/servizi' })
    }
  }
  return (
    <>
      <button type="button" className="btn btn-outline-danger" onClick={() => setOpen(true)}>Elimina</button>
      <ConfirmModal
        isOpen={open}
        title="Elimina servizio"
        confirmLabel="Elimina"
        busyLabel="Eliminazione in corso…"
        danger
        busy={busy}
        error={errore}
        onCancel={() => {
          setOpen(false)
          setErrore(null)
        }}
        onConfirm={() => void confirm()}
      >
        <p className="mb-0">{`Confermi di voler eliminare il servizio «${nome}»? L’operazione non si può annullare.`}</p>
      </ConfirmModal>
    </>
  )
}
