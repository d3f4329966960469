/** Frame and small states of the bodies, sites and users detail pages (loading, not available). */
import type { ReactNode } from 'react'
import { OFFLINE_TEXTS } from '../../ui/offline-data'

export function DetailFrame({ children, testId }: { children: ReactNode; testId: string }) {
  return <div className="container-xxl pd-page py-4 py-lg-5" data-testid={testId}>{children}</div>
}

export function Caricamento() {
  return <p role="status" aria-live="polite" className="text-secondary my-4">Caricamento in corso…</p>
}

/** The page's data could not be read: offline and not kept, or an error (with 'Riprova'). */
export function NonDisponibile({ title, missing, onRetry }: { title: string; missing: boolean; onRetry(): void }) {
  return (
    <div className="alert alert-warning my-4" role="alert">
      <h2 className="h5">{title}</h2>
      <p className="mb-2">{missing ? OFFLINE_TEXTS.nonSalvati : 'Non è stato possibile caricare i dati. Controlla la connessione e riprova; se il problema persiste, potresti non avere accesso a questa scheda.'}</p>
      <button type="button" className="btn btn-outline-primary btn-sm" onClick={onRetry}>Riprova</button>
    </div>
  )
}
