/**
 * A lifecycle action button with its confirmation dialog (terminate, delete, activate, remove…): disabled
 * with the reason beside it when the state does not allow it (`motivo`), aria-disabled offline; the dialog
 * runs `onConfirm` with the one confirmed-action behaviour (ui/widgets/useConferma.tsx: the catalogue's message
 * in the dialog when the server refuses). With `conData` the dialog
 * asks a termination date ('gg-mm-aaaa', not in the future; platform-backend §2.1–2.2).
 */
import { useId, useState } from 'react'
import { dataTerminazione, oggiRoma } from '../../../lib/gestione-form'
import { OnlineOnlyReason, useOnlineOnly } from '../../../ui/offline-data'
import { ConfirmModal } from '../../../ui/widgets/ConfirmModal'
import { Campo, HINT_DATA } from '../../../ui/form/fields'
import { useEsecuzione } from '../../../ui/widgets/useConferma'

export interface AzioneConfermaProps {
  label: string
  /**
   * what the action acts on when the label alone is ambiguous (rows: the body's or the person's name): read
   * by screen readers after the visible label ('Rimuovi ente' + ' Comune di Roma'), so that the accessible
   * name starts with what is seen (WCAG 2.5.3, axe label-content-name-mismatch)
   */
  detail?: string
  title: string
  testo: string
  confirmLabel: string
  /** null = allowed; a reason = disabled with it */
  motivo?: string | null
  danger?: boolean
  conData?: boolean
  small?: boolean
  /** receives the termination date 'dd-MM-yyyy' when `conData` */
  onConfirm(data: string | null): Promise<void>
}

export function AzioneConferma({ label, detail, title, testo, confirmLabel, motivo = null, danger = false, conData = false, small = false, onConfirm }: AzioneConfermaProps) {
  const [open, setOpen] = useState(false)
  const [data, setData] = useState('')
  const [errData, setErrData] = useState<string | null>(null)
  const { busy, errore, setErrore, esegui } = useEsecuzione()
  const guard = useOnlineOnly()
  const motivoId = useId()
  const size = small ? ' btn-sm' : ''
  const style = danger ? 'btn-outline-danger' : 'btn-outline-primary'
  const text = (
    <>
      {label}
      {detail && (
        <>
          {' '}
          <span className="visually-hidden">{detail}</span>
        </>
      )}
    </>
  )

  async function conferma() {
    let wire: string | null = null
    if (conData) {
      const r = dataTerminazione(data, oggiRoma())
      if ('error' in r) {
        setErrData(r.error)
        return
      }
      wire = r.wire
    }
    if (await esegui(() => onConfirm(wire))) setOpen(false)
  }

  if (motivo) {
    return (
      <span className="d-inline-flex flex-column align-items-start">
        <button type="button" className={`btn ${style}${size}`} disabled aria-describedby={motivoId}>{text}</button>
        <small id={motivoId} className="text-secondary mt-1" style={{ maxWidth: '22rem' }}>{motivo}</small>
      </span>
    )
  }
  return (
    <span className="d-inline-flex flex-column align-items-start">
      <button type="button" className={`btn ${style}${size}${guard.blocked ? ' disabled' : ''}`}
        {...guard.controlProps}
        onClick={() => {
          setData('')
          setErrData(null)
          setErrore(null)
          setOpen(true)
        }}>
        {text}
      </button>
      <OnlineOnlyReason guard={guard} />
      <ConfirmModal isOpen={open} title={title} confirmLabel={confirmLabel} busy={busy} busyLabel="Attendere…" danger={danger} error={errore}
        onCancel={() => setOpen(false)} onConfirm={() => void conferma()}>
        <p>{testo}</p>
        {conData && (
          <Campo id={`${motivoId}-data`} label="Data di terminazione" required hint={HINT_DATA} value={data}
            onChange={(v) => { setData(v); setErrData(null) }} error={errData} className="mt-3 mb-2" />
        )}
      </ConfirmModal>
    </span>
  )
}
