/**
 * `useListUrlState(keys)`: the state of a list screen read from, and written to, the URL search params
 * (list-state.ts). Each change is a history entry (back/forward walk through pages and filters) unless
 * `replace`; other search params of the URL are kept. Works offline (client-side navigation only).
 */
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { listSearch, parseListSearch, type ListSort, type ListState } from './list-state'

export interface ListUrlKeys {
  /** filter keys (search-param names) */
  filters: readonly string[]
  /** the sort keys the list accepts */
  sortable?: readonly string[]
  defaultSort?: ListSort | null
}

export function useListUrlState({ filters, sortable = [], defaultSort = null }: ListUrlKeys): [ListState, (next: ListState, opts?: { replace?: boolean }) => void] {
  const search = useRouterState({ select: (s) => s.location.search as Record<string, unknown> })
  const navigate = useNavigate()
  const fk = filters.join('\u0000')
  const sk = sortable.join('\u0000')
  const dc = defaultSort ? `${defaultSort.campo}:${defaultSort.verso}` : ''
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keys compared by content
  const state = useMemo(() => parseListSearch(search, filters, sortable, defaultSort), [search, fk, sk, dc])
  const setState = useCallback(
    (next: ListState, opts?: { replace?: boolean }) => {
      // The list stays on its own path: only the search params change.
      void navigate({ to: '.', search: (prev: Record<string, unknown>) => listSearch(prev, next, defaultSort), replace: opts?.replace ?? false } as never)
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- defaultSort compared by content
    [navigate, dc],
  )
  return [state, setState]
}
