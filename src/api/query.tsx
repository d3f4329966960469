/**
 * TanStack Query for the online (manager) screens. The provider is mounted by the feature pages that need
 * it (never by the entry: the landing page's JavaScript stays small). One client for the whole app, so a
 * cache filled on one page serves the next. No retries on 4xx (the error catalogue answers), one on network.
 * The cache lives in memory only and is emptied at logout.
 * Every query reads profile-scoped data, so queries run only while a session with a chosen profile
 * exists (`sessionReady`, the default `enabled`): at logout the page still on screen re-renders with the
 * cleared profile, and its queries must not go out again without token and role (issue 8 point 11).
 * A query that sets its own `enabled` combines it with `sessionReady()`.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { onLogout } from '../auth/logout'
import { getSessionState } from '../auth/session'
import { ApiCallError } from './client'

/** True while the user is logged in with a chosen profile: the condition of every query of the app. */
export function sessionReady(): boolean {
  return getSessionState().profilo != null
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

/** Wraps a page in the app's QueryClient. */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}
