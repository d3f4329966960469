/**
 * '/home/cerca' (spec 001 §2 "Search page"): 'Cerca su bacheca, forum e documenti', at least 2
 * characters, results in three accordions (Bacheca, Forum, Documenti; only the sections the role may
 * list), each with up to 24 ranked results or 'Non ci sono annunci' / 'Non ci sono argomenti' /
 * 'Non ci sono documenti'. The search runs on the server (Italian full-text: stemming, accents).
 */
import { QueryProvider } from '../../api/query'
import { useQueries } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type FormEvent, useId, useState } from 'react'
import { LIMITS, type Section } from '../../api/contract/community'
import { useSession } from '../../auth/session'
import { displayDateOrText } from '../../lib/dates'
import { searchQuery } from './api'
import { useIsOffline } from '../../ui/offline-data'
import { COMMUNITY_SECTIONS } from './sections'

const LIST_CODE: Record<Section, string> = { board: 'list.news', community: 'list.topic', document: 'list.doc' }

function SearchPageContent() {
  const { permessi } = useSession()
  const [query, setQuery] = useState('')
  const [keys, setKeys] = useState<string | null>(null)
  const [open, setOpen] = useState<Record<string, boolean>>({ board: true, community: true, document: true })
  const uid = useId()
  const offline = useIsOffline()
  const sections = (['board', 'community', 'document'] as const).filter((s) => permessi.includes(LIST_CODE[s]))
  const tooShort = query.trim().length > 0 && [...query.trim()].length < LIMITS.searchMinChars
  const results = useQueries({
    queries: sections.map((s) => ({ ...searchQuery(s, keys ?? ''), enabled: keys !== null })),
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const k = query.trim()
    if ([...k].length >= LIMITS.searchMinChars) setKeys(k)
  }
  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid="search-page">
      <h1 className="mb-2">Cerca su bacheca, forum e documenti</h1>
      <p className="lead text-secondary mb-4">Cerca tra annunci della bacheca, discussioni del forum e documenti.</p>
      <form role="search" onSubmit={submit} className="mb-4" aria-label="Cerca nei contenuti">
        <div className="form-group mb-2">
          <div className="input-group">
            <label htmlFor={`${uid}-q`} className="active">Parole da cercare</label>
            <input id={`${uid}-q`} type="search" className="form-control" value={query} minLength={LIMITS.searchMinChars} maxLength={200}
              onChange={(e) => setQuery(e.target.value)} autoComplete="off" aria-describedby={`${uid}-hint`} />
            <div className="input-group-append">
              <button type="submit" className="btn btn-primary" disabled={offline || [...query.trim()].length < LIMITS.searchMinChars}>Cerca</button>
            </div>
          </div>
          <small id={`${uid}-hint`} className={`form-text${tooShort ? ' text-danger' : ''}`}>Scrivi almeno 2 caratteri.</small>
        </div>
      </form>
      {offline && (
        <p className="alert alert-info" data-testid="search-offline">La ricerca richiede la connessione: senza rete puoi leggere solo bacheca, forum e documenti già aperti su questo dispositivo.</p>
      )}
      {keys !== null && (
        <div className="accordion" data-testid="search-results">
          {sections.map((s, i) => {
            const cfg = COMMUNITY_SECTIONS[s]
            const r = results[i]
            const items = r?.data?.items ?? []
            const expanded = open[s] !== false
            return (
              <div className="accordion-item" key={s}>
                <h2 className="accordion-header" id={`${uid}-${s}-h`}>
                  <button type="button" className={`accordion-button${expanded ? '' : ' collapsed'}`} aria-expanded={expanded}
                    aria-controls={`${uid}-${s}-p`} onClick={() => setOpen((o) => ({ ...o, [s]: !expanded }))}>
                    {cfg.title} ({r?.data?.pager.total_items ?? 0})
                  </button>
                </h2>
                <div id={`${uid}-${s}-p`} className={`accordion-collapse collapse${expanded ? ' show' : ''}`} role="region" aria-labelledby={`${uid}-${s}-h`}>
                  <div className="accordion-body">
                    {r?.isSuccess && items.length === 0 && <p className="mb-0">{cfg.emptySearch}</p>}
                    <ul className="list-unstyled mb-0">
                      {items.map((item) => (
                        <li key={item.id} className="mb-2" data-testid="search-result">
                          <Link to={`${cfg.path}/$id`} params={{ id: String(item.id) }}>{item.title}</Link>
                          <span className="small text-secondary ms-2">{item.category_label} · {displayDateOrText(item.date)}</span>
                        </li>
                      ))}
                    </ul>
                  </div>
                </div>
              </div>
            )
          })}
        </div>
      )}
    </div>
  )
}

/** The search page inside the feature's query client (src/api/query.tsx). */
export function SearchPage() {
  return <QueryProvider><SearchPageContent /></QueryProvider>
}
