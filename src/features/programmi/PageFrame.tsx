/** Shared page pieces of the programme/project pages: frame, loading state, unavailable notice. */
import type { ReactNode } from 'react'
import { OFFLINE_TEXTS } from '../../ui/offline-data'

export function Frame({ children, testId }: { children: ReactNode; testId: string }) {
  return <div className="container-xxl pd-page py-4 py-lg-5" data-testid={testId}>{children}</div>
}

export function Caricamento() {
  return <p role="status" aria-live="polite" className="text-secondary my-4">Caricamento in corso…</p>
}

/** The card could not be read: offline without a stored copy, or the server refused (A02, not found). */
export function NonDisponibile({ titolo, missing, onRetry }: { titolo: string; missing: boolean; onRetry(): void }) {
  return (
    <div className="alert alert-warning my-4" role="alert">
      <h2 className="h5">{titolo}</h2>
      <p className="mb-2">{missing ? OFFLINE_TEXTS.nonSalvati : 'Non è stato possibile caricare i dati. Controlla la connessione e riprova.'}</p>
      <button type="button" className="btn btn-outline-primary btn-sm" onClick={onRetry}>Riprova</button>
    </div>
  )
}
