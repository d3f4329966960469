/**
 * Components of other features mounted in the service detail, loaded on demand (their code stays out of
 * this chunk until used): 'Aggiungi cittadino al servizio' (features/cittadini) and 'Invia questionario'
 * (features/questionari/invia). Each renders inside its own Suspense boundary.
 */
import { lazy, Suspense } from 'react'

const AggiungiCittadinoModalLazy = lazy(() => import('../../cittadini').then((m) => ({ default: m.AggiungiCittadinoModal })))
const InviaQuestionarioButtonLazy = lazy(() => import('../../questionari/invia').then((m) => ({ default: m.InviaQuestionarioButton })))

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

/** 'Invia questionario' of a citizen's survey (`idQuestionario` null while only on the device). */
export function InviaQuestionarioSlot({ idQuestionario, disabled }: { idQuestionario: string | null; disabled?: boolean }) {
  return (
    <Suspense fallback={<button type="button" className="btn btn-outline-primary btn-sm" disabled>Invia questionario</button>}>
      <InviaQuestionarioButtonLazy idQuestionario={idQuestionario} disabled={disabled} />
    </Suspense>
  )
}
