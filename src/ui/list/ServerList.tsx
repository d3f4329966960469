/**
 * A list read page by page from the server, on the list pattern (spec 002 §2): one `ListDefinition` per
 * list says its columns, filters (with the call that gives each one's options), the fetcher of a page,
 * the CSV download and the row actions; the state lives in the URL (`useListUrlState`), the data in
 * TanStack Query (the previous page stays on screen while the next one loads). Needs `QueryProvider` above.
 * List and dropdown failures are silent (spec 002 §8): the list says it and offers 'Riprova'; a filter
 * whose options failed shows 'Non ci sono opzioni per questo filtro'. A page beyond the last (a shared link
 * after the list shrank: 400 G03) goes back to page 1 in place.
 * A list marked `persist` keeps its pages and options on the device for offline reading (issue 9 point 6,
 * src/ui/offline-data): offline it shows them with 'Dati aggiornati al …', or says they are not available.
 */
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { PERSISTENT_READ } from '../../api/query'
import { DatiAggiornatiAl, OFFLINE_TEXTS, useOfflineData } from '../offline-data'
import type { FilterOption } from '../widgets/filter-options'
import type { Column } from '../widgets/ResponsiveTable'
import { CsvButton } from './CsvButton'
import type { ListSearchLabels } from './ListFilters'
import { parseListSearch, type ListSort, type ListState } from './list-state'
import { ListView, type RowAction } from './ListView'
import { useListUrlState } from './useListUrlState'
import { listKeys } from './keys'

/** One page of a list as the view needs it (`page` of the state is 1-based; the wire is zero-based). */
export interface ListPage<Row> {
  rows: readonly Row[]
  total: number
  totalPages: number
}

/** A filter of a list: its search-param key, its label and the call giving its options. */
export interface ListFilterDefinition {
  key: string
  label: string
  /** query key of the options (with the caller's scope) */
  optionsKey: readonly unknown[]
  loadOptions(signal: AbortSignal): Promise<FilterOption[]>
}

export interface ListDefinition<Row> {
  /** table name, e.g. 'Elenco programmi' */
  caption: string
  columns: readonly Column<Row>[]
  rowKey(row: Row): string
  summary(row: Row): ReactNode
  actions?(row: Row): readonly RowAction[]
  search: ListSearchLabels
  filters: readonly ListFilterDefinition[]
  /** initial sort (also what the server applies without `ordinamento`) */
  defaultSort?: ListSort | null
  /** query key root of the pages (with the caller's scope); the state is appended */
  queryKey: readonly unknown[]
  fetchPage(state: ListState, signal: AbortSignal): Promise<ListPage<Row>>
  countLabel(total: number): string
  /** message of a failed read */
  errorMessage: string
  /** the CSV of the whole filtered list; absent: no button (e.g. without the permission) */
  download?(state: ListState): Promise<void>
  footer?(rows: readonly Row[]): ReactNode
  filtersTestId?: string
  /**
   * keep the pages and filter options on the device for offline reading; never for a list whose rows hold a
   * fiscal code in clear (src/lib/query-persist-rules.ts drops them anyway)
   */
  persist?: boolean
}

/** The URL keys of a list's state: its filters, its sortable columns, its initial sort. */
function urlKeysOf<Row>(d: ListDefinition<Row>) {
  return { filters: d.filters.map((f) => f.key), sortable: d.columns.flatMap((c) => (c.sortKey ? [c.sortKey] : [])), defaultSort: d.defaultSort ?? null }
}

/** The query of the page `state` of the list `d` (the previous page stays on screen while the next one loads). */
function pageQuery<Row>(d: ListDefinition<Row>, state: ListState) {
  return {
    ...(d.persist ? PERSISTENT_READ : {}),
    queryKey: listKeys.pagina(d.queryKey, state),
    queryFn: ({ signal }: { signal: AbortSignal }) => d.fetchPage(state, signal),
    placeholderData: keepPreviousData,
  }
}

/**
 * The query of the page of the list `d` that the URL's `search` params show: what {@link ServerList} reads
 * first, and what the list's route loader prefetches (src/api/prefetch.ts) with the location's search.
 */
export function listPageQuery<Row>(d: ListDefinition<Row>, search: Record<string, unknown>) {
  const k = urlKeysOf(d)
  return pageQuery(d, parseListSearch(search, k.filters, k.sortable, k.defaultSort))
}

export function ServerList<Row>({ definition: d, layout }: { definition: ListDefinition<Row>; layout?: 'table' | 'accordion' }) {
  const [state, setState] = useListUrlState(urlKeysOf(d))
  const persisted = d.persist ? PERSISTENT_READ : {}
  const lista = useQuery(pageQuery(d, state))
  const options = useQueries({
    queries: d.filters.map((f) => ({
      ...persisted,
      queryKey: f.optionsKey,
      queryFn: ({ signal }: { signal: AbortSignal }) => f.loadOptions(signal),
      staleTime: 5 * 60_000,
    })),
  })
  const data = lista.data
  const offline = useOfflineData(lista)
  const beyondLast = lista.isError && state.page > 1 && (lista.error as { errorCode?: unknown } | null)?.errorCode === 'G03'
  useEffect(() => {
    if (beyondLast) setState({ ...state, page: 1 }, { replace: true })
  }, [beyondLast, state, setState])
  return (
    <>
    <DatiAggiornatiAl data={offline} />
    <ListView
      caption={d.caption}
      columns={d.columns}
      rowKey={d.rowKey}
      summary={d.summary}
      actions={d.actions}
      search={d.search}
      filters={d.filters.map((f, i) => ({ key: f.key, label: f.label, options: options[i]?.isError ? [] : options[i]?.data }))}
      state={state}
      onState={setState}
      rows={data?.rows}
      total={data?.total ?? 0}
      totalPages={Math.max(1, data?.totalPages ?? 1)}
      countLabel={d.countLabel}
      error={
        offline.missing ? { message: OFFLINE_TEXTS.nonSalvati, retry: () => void lista.refetch() }
        : lista.isError && !data && !beyondLast ? { message: d.errorMessage, retry: () => void lista.refetch() }
        : null
      }
      toolbar={d.download ? <CsvButton download={() => d.download!(state)} /> : undefined}
      footer={data && d.footer?.(data.rows)}
      filtersTestId={d.filtersTestId}
      layout={layout}
    />
    </>
  )
}
