/**
 * '/home/cerca' (spec 000 §2.4): search across bacheca, forum and documenti. The community arrives
 * with a later issue, so every search ends in the empty state for now.
 */
import { type FormEvent, useState } from 'react'
import { EmptyState } from '../../ui/feedback/EmptyState'

export function SearchPage() {
  const [query, setQuery] = useState('')
  const [searched, setSearched] = useState<string | null>(null)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setSearched(query.trim())
  }
  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid="search-page">
      <h1 className="mb-2">Cerca</h1>
      <p className="lead text-secondary mb-4">Cerca tra annunci della bacheca, discussioni del forum e documenti.</p>
      <form role="search" onSubmit={submit} className="mb-4" aria-label="Cerca nei contenuti">
        <div className="form-group mb-2">
          <div className="input-group">
            <label htmlFor="pd-search-input" className="active">
              Parole da cercare
            </label>
            <input
              id="pd-search-input"
              type="search"
              className="form-control"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              autoComplete="off"
            />
            <div className="input-group-append">
              <button type="submit" className="btn btn-primary">
                Cerca
              </button>
            </div>
          </div>
        </div>
      </form>
      <div aria-live="polite">
        {searched !== null && (
          <EmptyState text="Nessun risultato">
            {searched
              ? `Non ci sono contenuti per «${searched}». Bacheca, forum e documenti saranno disponibili con un prossimo aggiornamento.`
              : 'Scrivi almeno una parola da cercare.'}
          </EmptyState>
        )}
      </div>
    </div>
  )
}
