/**
 * The erasure's confirmation and a referent's request (issue 28 part 3; GDPR art. 17): a dialog asking the reason
 * (required) that, for the erasure, names what will go — the services attended (which stay counted, anonymously),
 * the surveys' identifying answers, the consent records, the survey links — read from the server's summary.
 * `modo`: 'cancella' (gest.dati.personali, executes; `idRichiesta` when it executes a request) or 'richiedi'
 * (rich.canc.cittadino: the request the data-protection role examines).
 */
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { MOTIVO_MAX, type RiepilogoCancellazione } from '../../api/contract/diritti'
import { countLabel } from '../../lib/plural'
import { showToast } from '../../ui/stores/toasts'
import { ConfirmModal } from '../../ui/widgets/ConfirmModal'
import { useEsecuzione } from '../../ui/widgets/useConferma'
import { cancellaCittadino, richiediCancellazione, riepilogoQuery } from './api'

export interface CancellaDialogProps {
  idCittadino: string
  modo: 'cancella' | 'richiedi'
  isOpen: boolean
  onClose(): void
  idRichiesta?: number
  motivoIniziale?: string
}

function Riepilogo({ r }: { r: RiepilogoCancellazione }) {
  return (
    <ul data-testid="cancellazione-riepilogo">
      <li>{countLabel(r.servizi, 'servizio frequentato', 'servizi frequentati')}: restano contati nei dati aggregati, senza più alcun legame con la persona;</li>
      <li>{countLabel(r.questionari, 'questionario', 'questionari')}: le risposte che identificano il cittadino e quelle libere;</li>
      <li>{countLabel(r.consensi, 'consenso registrato', 'consensi registrati')};</li>
      <li>{countLabel(r.collegamenti, 'link a un questionario', 'link ai questionari')}, che non saranno più validi;</li>
      <li>il codice fiscale o il documento (la loro impronta), l’identificativo mascherato, la cittadinanza e la provincia.</li>
    </ul>
  )
}

export function CancellaDialog({ idCittadino, modo, isOpen, onClose, idRichiesta, motivoIniziale = '' }: CancellaDialogProps) {
  const motivoId = useId()
  const [motivo, setMotivo] = useState(motivoIniziale)
  const { busy, errore, setErrore, esegui } = useEsecuzione()
  const riepilogo = useQuery({ ...riepilogoQuery(idCittadino), enabled: isOpen && modo === 'cancella' })
  const chiudi = () => {
    setErrore(null)
    onClose()
  }
  const conferma = async () => {
    const testo = motivo.trim()
    if (testo.length < 3) {
      setErrore('Indica il motivo (almeno 3 caratteri).')
      return
    }
    const ok = await esegui(async () => {
      if (modo === 'cancella') {
        await cancellaCittadino(idCittadino, testo, idRichiesta)
        showToast({ status: 'success', message: 'Il cittadino è stato cancellato. I dispositivi lo toglieranno alla prossima sincronizzazione.' })
      } else {
        await richiediCancellazione(idCittadino, testo)
        showToast({ status: 'success', message: 'Richiesta di cancellazione inviata al responsabile della protezione dei dati.' })
      }
    })
    if (ok) chiudi()
  }
  const cancella = modo === 'cancella'
  return (
    <ConfirmModal isOpen={isOpen} title={cancella ? 'Cancella il cittadino' : 'Chiedi la cancellazione del cittadino'}
      confirmLabel={cancella ? 'Cancella definitivamente' : 'Invia la richiesta'} busyLabel={cancella ? 'Cancellazione in corso…' : 'Invio in corso…'}
      danger={cancella} busy={busy} error={errore} onCancel={chiudi} onConfirm={() => void conferma()}>
      {cancella ? (
        <>
          <p>Su richiesta del cittadino (art. 17 del GDPR) saranno cancellati:</p>
          {riepilogo.isPending && <p role="status" className="text-secondary">Calcolo di ciò che sarà cancellato…</p>}
          {riepilogo.isError && <p role="alert">Non è stato possibile calcolare ciò che sarà cancellato.</p>}
          {riepilogo.data && <Riepilogo r={riepilogo.data} />}
          <p>L’operazione non si può annullare e sarà scritta nel registro degli accessi.</p>
        </>
      ) : (
        <p>La richiesta, con il motivo, sarà esaminata dal responsabile della protezione dei dati, che la eseguirà o la rifiuterà.</p>
      )}
      <div className="form-group mb-0">
        <label htmlFor={motivoId} className="active">Motivo (obbligatorio)</label>
        <textarea id={motivoId} className="form-control" rows={3} maxLength={MOTIVO_MAX} required aria-required="true" value={motivo}
          aria-describedby={`${motivoId}-aiuto`} disabled={busy} onChange={(e) => setMotivo(e.target.value)} />
        <small id={`${motivoId}-aiuto`} className="form-text">Non scrivere dati personali del cittadino (nome, codice fiscale, documento): il motivo resta come traccia della richiesta.</small>
      </div>
    </ConfirmModal>
  )
}
