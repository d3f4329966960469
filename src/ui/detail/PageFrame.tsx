/**
 * Shared page pieces of the administrative cards (programmes, projects, bodies, sites, users): `Frame`,
 * `Caricamento` (loading state), `NonDisponibile` (the card could not be read, with 'Riprova').
 */
import type { ReactNode } from 'react'
import { OFFLINE_TEXTS } from '../offline-data'

/** The page container of a card; `testId` names it for the tests. */
export function Frame({ children, testId }: { children: ReactNode; testId: string }) {
  return <div className="container-xxl pd-page py-4 py-lg-5" data-testid={testId}>{children}</div>
}

/** The card is being read. */
export function Caricamento() {
  return <p role="status" aria-live="polite" className="text-secondary my-4">Caricamento in corso…</p>
}

/**
 * The card could not be read: offline without a stored copy, or the server refused (A02, not found), with
 * 'Riprova'. `avvisoAccesso`: also say that the user may not have access to it.
 */
export function NonDisponibile({ titolo, missing, onRetry, avvisoAccesso = false }: { titolo: string; missing: boolean; onRetry(): void; avvisoAccesso?: boolean }) {
  const errore = avvisoAccesso
    ? 'Non è stato possibile caricare i dati. Controlla la connessione e riprova; se il problema persiste, potresti non avere accesso a questa scheda.'
    : 'Non è stato possibile caricare i dati. Controlla la connessione e riprova.'
  return (
    <div className="alert alert-warning my-4" role="alert">
      <h2 className="h5">{titolo}</h2>
      <p className="mb-2">{missing ? OFFLINE_TEXTS.nonSalvati : errore}</p>
      <button type="button" className="btn btn-outline-primary btn-sm" onClick={onRetry}>Riprova</button>
    </div>
  )
}
