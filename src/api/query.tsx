/**
 * TanStack Query for the online (manager) screens. The provider is mounted by the feature pages that need
 * it (never by the entry: the landing page's JavaScript stays small). One client for the whole app, so a
 * cache filled on one page serves the next. No retries on 4xx (the error catalogue answers), one on network.
 * The cache lives in memory only and is emptied at logout.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { onLogout } from '../auth/logout'
import { ApiCallError } from './client'

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) => !(error instanceof ApiCallError && error.status >= 400 && error.status < 500) && failures < 1,
    },
    mutations: { retry: false },
  },
})

onLogout(() => queryClient.clear())

/** Wraps a page in the app's QueryClient. */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}
