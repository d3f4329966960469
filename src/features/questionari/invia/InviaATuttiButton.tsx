/**
 * 'Invia questionario a tutti' on the service's citizens tab (platform-frontend §3.6; issue 8 point 3):
 * after a confirmation, ONE request — `POST servizio/cittadino/servizio/{idServizio}/questionarioCompilato/inviaATutti`
 * (body: the profile ids) — creates a new link for every survey of the service not yet compiled; the
 * surveys read INVIATO with the expiry on the device (`registraLinkInviati`) and the page of the printable
 * sheet of QR codes opens (StampaLinkPage; the links stay in memory only, foglio-link.ts).
 * Online only, and only once the service and its citizens are on the server: otherwise disabled with the
 * reason under the button. API failures are shown by the HTTP client's toasts and, the dialog staying open, in it
 * (the one confirmed-action behaviour, ui/widgets/useConferma.tsx).
 */
import { useId, useState } from 'react'
import { write } from '../../../api/write'
import { InviaATuttiRispostaSchema } from '../../../api/contract/questionario'
import { navigateTo } from '../../../auth/navigation'
import { ConfirmModal } from '../../../ui/widgets/ConfirmModal'
import { useEsecuzione } from '../../../ui/widgets/useConferma'
import { registraLinkInviati } from '../../campo'
import { pathFoglioLink, setFoglioLink } from './foglio-link'
import { motivoInviaATutti, testoConfermaInviaATutti } from './link'
import { useOnline } from './online'

export interface InviaATuttiButtonProps {
  /** route id of the service (the sheet's page is under it) */
  serviceRouteId: string
  /** server id of the service; null while it is only on the device */
  idServizio: number | null
  nomeServizio: string
  /** surveys not compiled on the server / only on this device */
  daInviare: number
  soloSulDispositivo: number
  /** citizens of the service */
  totale: number
}

export function InviaATuttiButton({ serviceRouteId, idServizio, nomeServizio, daInviare, soloSulDispositivo, totale }: InviaATuttiButtonProps) {
  const online = useOnline()
  const [confirm, setConfirm] = useState(false)
  const { busy: pending, errore, setErrore, esegui } = useEsecuzione()
  const reasonId = useId()
  const conteggio = { daInviare, soloSulDispositivo, totale }
  const reason = motivoInviaATutti(idServizio, online, conteggio)

  const invia = async () => {
    if (idServizio === null || pending) return
    const ok = await esegui(async () => {
      const r = await write({ method: 'post', path: `servizio/cittadino/servizio/${idServizio}/questionarioCompilato/inviaATutti`, schema: InviaATuttiRispostaSchema, toast: 'catalogue', invalidate: [] })
      await registraLinkInviati(r.questionari.map((q) => ({ idQuestionario: q.idQuestionario, scadenza: q.scadenza }))).catch(() => undefined)
      setFoglioLink({ serviceRouteId, nomeServizio, creatoIl: new Date().toISOString(), questionari: r.questionari })
    })
    if (ok) {
      setConfirm(false)
      navigateTo(pathFoglioLink(serviceRouteId))
    }
  }

  return (
    <div className="d-flex flex-column align-items-start align-items-md-end">
      <button
        type="button"
        className="btn btn-outline-primary"
        disabled={reason !== null || pending}
        aria-describedby={reason ? reasonId : undefined}
        onClick={() => setConfirm(true)}
        data-testid="invia-a-tutti"
      >
        Invia questionario a tutti
      </button>
      {reason && (
        <small id={reasonId} className="text-secondary mt-1" data-testid="invia-a-tutti-motivo">
          {reason}
        </small>
      )}
      <ConfirmModal
        isOpen={confirm}
        title="Invia questionario a tutti"
        confirmLabel="Crea i link"
        busy={pending}
        busyLabel="Creazione dei link…"
        error={errore}
        onConfirm={() => void invia()}
        onCancel={() => { setConfirm(false); setErrore(null) }}
      >
        {testoConfermaInviaATutti(conteggio).map((t) => (
          <p key={t}>{t}</p>
        ))}
      </ConfirmModal>
    </div>
  )
}
