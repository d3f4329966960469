/**
 * TanStack Query for the online (manager) screens. The provider is mounted by the feature pages that need
 * it (never by the entry: the landing page's JavaScript stays small). One client for the whole app, so a
 * cache filled on one page serves the next. No retries on 4xx (the error catalogue answers), one on network.
 * The cache lives in memory and is emptied at logout; the reads marked with {@link PERSISTENT_READ} are also
 * saved per user on the device and restored at the next start (query-persist.ts, issue 9 point 6): the
 * provider holds every query back until that restore is over, so an offline start shows them.
 * Every query reads profile-scoped data, so queries run only while a session with a chosen profile
 * exists (`sessionReady`, the default `enabled`): at logout the page still on screen re-renders with the
 * cleared profile, and its queries must not go out again without token and role (issue 8 point 11).
 * A query that sets its own `enabled` combines it with `sessionReady()`.
 */
import { IsRestoringProvider, onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useSyncExternalStore, type ReactNode } from 'react'
import { onLogout } from '../auth/logout'
import { getSessionState } from '../auth/session'
import { ApiCallError } from './client'
import { bindQueryPersistence, isRestoringQueries, subscribeRestoring } from './query-persist'
import { PERSIST_MAX_AGE_MS } from '../lib/query-persist-rules'

/**
 * True while the user is logged in with a chosen profile and tokens the server takes: the condition of
 * every query of the app. A session marked expired reads what the device holds until the user logs in again.
 */
export function sessionReady(): boolean {
  const s = getSessionState()
  return s.profilo != null && !s.sessionExpired
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      enabled: () => sessionReady(),
      retry: (failures, error) => !(error instanceof ApiCallError && error.status >= 400 && error.status < 500) && failures < 1,
    },
    mutations: { retry: false },
  },
})

onLogout(async () => {
  await queryClient.cancelQueries()
  queryClient.clear()
})

// TanStack starts 'online' and only learns from the online/offline events: a start without network pauses
// the queries (the restored data stays on screen) instead of failing them
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false)

// unit tests bind it themselves (tests/api/query-persist.test.tsx): elsewhere a stored cache would leak
// from one test into the next
if (import.meta.env.MODE !== 'test') bindQueryPersistence(queryClient)

/**
 * Options of a READ query to keep on the device for offline reading (issue 9 point 6): marks it
 * persistable (`meta.persist`) and keeps it in memory as long as it may be shown (7 days), since what is
 * saved is what the client holds. Only for answers without a fiscal code in clear (those are dropped
 * anyway, src/lib/query-persist-rules.ts). Usage: `queryOptions({ ...PERSISTENT_READ, queryKey, queryFn })`.
 */
export const PERSISTENT_READ = { meta: { persist: true }, gcTime: PERSIST_MAX_AGE_MS } as const

/**
 * A detail card kept on the device: shown at once from the stored or cached copy, and read again every time a page
 * mounts it (staleTime 0) — a card changes from other pages and other people (a project terminated by another
 * manager), and a copy restored from the device is never taken as fresh. Offline the copy stays on screen.
 */
export const PERSISTENT_CARD = { ...PERSISTENT_READ, staleTime: 0 } as const

/** Wraps a page in the app's QueryClient; its queries wait for the restore of the stored reads. */
export function QueryProvider({ children }: { children: ReactNode }) {
  const restoring = useSyncExternalStore(subscribeRestoring, isRestoringQueries, isRestoringQueries)
  return (
    <QueryClientProvider client={queryClient}>
      <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  )
}
