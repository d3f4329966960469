/**
 * Listing page of a community section (spec 001 §2 "Listing pages", §9): title bar with the info
 * toggle, filters (Categoria; Programma and Intervento where content is targeted) with removable chips,
 * the create button (sticky at the bottom on phones; with `new.*`), the sort menu of the section, the card carousel (3 cards per slide on desktop, 1 on tablet and phone: src/ui/carousel) and pagination
 * (board 6 per page, others 8). An empty section reads 'Questa sezione è ancora vuota'; a filter
 * without options reads 'Non ci sono opzioni per questo filtro'.
 */
import { QueryProvider } from '../../api/query'
import { useQuery } from '@tanstack/react-query'
import { Icon } from 'design-react-kit'
import { useId, useState } from 'react'
import type { Section, Sort } from '../../api/contract/community'
import { EmptyState } from '../../ui/feedback/EmptyState'
import { Pagination } from '../../ui/widgets/Pagination'
import { filtersQuery, itemsQuery } from './api'
import { CreateItemModal } from './CreateItemModal'
import { DatiAggiornatiAl, OnlineOnlyButton, useOfflineData } from '../../ui/offline-data'
import { ItemCard } from './ItemCard'
import { Carousel } from '../../ui/carousel/Carousel'
import { useSession } from '../../auth/session'
import { COMMUNITY_SECTIONS } from './sections'
import './community.css'

type FilterKey = 'categories' | 'programs' | 'interventions'
const NEW_CODE: Record<Section, string> = { board: 'new.news', community: 'new.topic', document: 'new.doc' }
const CREATE_LABEL: Record<Section, string> = { board: 'Crea annuncio', community: 'Crea argomento', document: 'Carica documento' }
const FILTER_LABELS: Record<FilterKey, string> = { categories: 'Categoria', programs: 'Programma', interventions: 'Intervento' }

/** What a list shows first: its first page, newest first, without filters. */
const FIRST = { page: 1, sort: 'created' as Sort }

/** The reads of the list when it opens (its first page and the filters' options), also read by its route loader. */
export function listPageReads(id: Section) {
  return [itemsQuery(id, { page: FIRST.page - 1, sort: FIRST.sort }), filtersQuery(id)]
}

function ListPageContent({ section: id }: { section: Section }) {
  const section = COMMUNITY_SECTIONS[id]
  const [page, setPage] = useState(FIRST.page)
  const [sort, setSort] = useState<Sort>(FIRST.sort)
  const [filters, setFilters] = useState<Partial<Record<FilterKey, string>>>({})
  const [infoOpen, setInfoOpen] = useState(false)
  const [creating, setCreating] = useState(false)
  const { permessi } = useSession()
  const canCreate = permessi.includes(NEW_CODE[id])
  const uid = useId()
  const list = useQuery(itemsQuery(id, { page: page - 1, sort, ...filters }))
  const options = useQuery(filtersQuery(id))
  const offline = useOfflineData(list)
  const keys: FilterKey[] = section.targeted ? ['categories', 'programs', 'interventions'] : ['categories']
  const setFilter = (k: FilterKey, value: string) => {
    setFilters((f) => ({ ...f, [k]: value || undefined }))
    setPage(1)
  }
  const active = keys.filter((k) => filters[k])
  const items = list.data?.items ?? []

  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid={`community-list-${id}`}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="mb-0 me-2">{section.title}</h1>
        <button type="button" className="btn btn-link p-0" aria-expanded={infoOpen} aria-controls={`${uid}-info`} onClick={() => setInfoOpen((o) => !o)}>
          <Icon icon="it-info-circle" color="primary" size="sm" aria-hidden />
          <span className="visually-hidden">Informazioni su {section.title}</span>
        </button>
      </div>
      <p className="lead text-secondary mb-3">{section.subtitle}</p>
      {canCreate && (
        <div className="pd-community-create mb-3">
          <OnlineOnlyButton className="btn btn-primary" onClick={() => setCreating(true)}
            offlineReason="Senza connessione non puoi pubblicare: i contenuti e i loro file si inviano solo in linea.">{CREATE_LABEL[id]}</OnlineOnlyButton>
        </div>
      )}
      {canCreate && <CreateItemModal section={id} isOpen={creating} onClose={() => setCreating(false)} />}
      <div id={`${uid}-info`} hidden={!infoOpen} className="callout note mb-4" data-testid="community-info">
        <p className="mb-0">{section.info}</p>
      </div>

      <div className="row g-3 align-items-end mb-3">
        {keys.map((k) => {
          const opts = Object.entries(options.data?.[k] ?? {})
          return (
            <div className="col-12 col-md-3" key={k}>
              <div className="select-wrapper">
                <label htmlFor={`${uid}-${k}`}>{FILTER_LABELS[k]}</label>
                <select id={`${uid}-${k}`} value={filters[k] ?? ''} onChange={(e) => setFilter(k, e.target.value)} disabled={opts.length === 0}
                  aria-describedby={opts.length === 0 ? `${uid}-${k}-none` : undefined}>
                  <option value="">Tutte le opzioni</option>
                  {opts.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
                </select>
                {opts.length === 0 && <small id={`${uid}-${k}-none`} className="form-text">Non ci sono opzioni per questo filtro</small>}
              </div>
            </div>
          )
        })}
        <div className="col-12 col-md-3 ms-md-auto">
          <div className="select-wrapper">
            <label htmlFor={`${uid}-sort`}>Ordina per</label>
            <select id={`${uid}-sort`} value={sort} onChange={(e) => { setSort(e.target.value as Sort); setPage(1) }}>
              {section.sorts.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
            </select>
          </div>
        </div>
      </div>

      {active.length > 0 && (
        <ul className="list-inline mb-3" aria-label="Filtri attivi">
          {active.map((k) => (
            <li className="list-inline-item" key={k}>
              <span className="chip chip-simple">
                <span className="chip-label">{FILTER_LABELS[k]}: {options.data?.[k]?.[filters[k] as string] ?? filters[k]}</span>
                <button type="button" onClick={() => setFilter(k, '')} aria-label={`Rimuovi il filtro ${FILTER_LABELS[k]}`}>
                  <Icon icon="it-close" aria-hidden />
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}

      <DatiAggiornatiAl data={offline} />
      {offline.missing && <p className="alert alert-info" data-testid="community-offline-missing">Questa pagina non è stata salvata sul dispositivo: aprila quando torni in linea.</p>}
      {list.isSuccess && items.length === 0 && <EmptyState />}
      {items.length > 0 && (
        <>
          <h2 className="visually-hidden">Contenuti di {section.title}</h2>
          <p className="visually-hidden" aria-live="polite">{list.data?.pager.total_items} contenuti</p>
          <Carousel items={items} label={`Contenuti di ${section.title}`} keyOf={(item) => item.id} testId="community-cards"
            render={(item) => <ItemCard item={item} section={section} />} />
        </>
      )}
      <Pagination page={page} totalPages={list.data?.pager.total_pages ?? 1} onChange={setPage} label={`Pagine di ${section.title}`} />
    </div>
  )
}

/** The listing page inside the feature's query client (src/api/query.tsx). */
export function ListPage(props: { section: Section }) {
  return <QueryProvider><ListPageContent {...props} /></QueryProvider>
}
