/**
 * Components of other features mounted in the service detail, loaded on demand (their code stays out of
 * this chunk until used): 'Aggiungi cittadino al servizio' (features/cittadini), 'Invia questionario' and
 * 'Invia questionario a tutti' (features/questionari). Each renders inside its own Suspense boundary.
 */
import { lazy, Suspense } from 'react'

const AggiungiCittadinoModalLazy = lazy(() => import('../../cittadini').then((m) => ({ default: m.AggiungiCittadinoModal })))
const InviaQuestionarioButtonLazy = lazy(() => import('../../questionari').then((m) => ({ default: m.InviaQuestionarioButton })))
const InviaATuttiButtonLazy = lazy(() => import('../../questionari').then((m) => ({ default: m.InviaATuttiButton })))

export interface AggiungiCittadinoSlotProps {
  idServizioLocale: string
  isOpen: boolean
  onClose(): void
}

/** The add-citizen modal (loaded the first time it opens). */
export function AggiungiCittadinoSlot(props: AggiungiCittadinoSlotProps) {
  if (!props.isOpen) return null
  return (
    <Suspense fallback={<span role="status" className="visually-hidden">Apertura in corso…</span>}>
      <AggiungiCittadinoModalLazy {...props} />
    </Suspense>
  )
}

/**
 * 'Invia questionario' of a citizen's survey (`idQuestionario` null while only on the device); `inviato`:
 * the survey was sent already ('Invia di nuovo'); `descrizione`: hidden text naming the citizen.
 */
export function InviaQuestionarioSlot({ idQuestionario, disabled, inviato, descrizione }: { idQuestionario: string | null; disabled?: boolean; inviato?: boolean; descrizione?: string }) {
  return (
    <Suspense fallback={<button type="button" className="btn btn-outline-primary btn-sm" disabled>{inviato ? 'Invia di nuovo' : 'Invia questionario'}</button>}>
      <InviaQuestionarioButtonLazy idQuestionario={idQuestionario} disabled={disabled} inviato={inviato} descrizione={descrizione} />
    </Suspense>
  )
}

export interface InviaATuttiSlotProps {
  /** route id of the service (server id or device id) */
  serviceRouteId: string
  /** server id of the service (null while only on the device) */
  idServizio: number | null
  nomeServizio: string
  /** surveys of the service not yet compiled that are on the server / only on the device */
  daInviare: number
  soloSulDispositivo: number
  /** citizens of the service */
  totale: number
}

/** 'Invia questionario a tutti' (links for every survey not compiled, printed as one sheet of QR codes). */
export function InviaATuttiSlot(props: InviaATuttiSlotProps) {
  return (
    <Suspense fallback={<button type="button" className="btn btn-outline-primary" disabled>Invia questionario a tutti</button>}>
      <InviaATuttiButtonLazy {...props} />
    </Suspense>
  )
}
