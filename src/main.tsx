/**
 * Entry point: styles (bootstrap-italia, self-hosted fonts, our own), QueryClient, router with the
 * generated route tree, navigator for the session module, service worker registration.
 */
import 'bootstrap-italia/dist/css/bootstrap-italia.min.css'
import './styles/fonts.css'
import './styles/app.css'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { registerNavigator } from './auth/navigation'
import { registerServiceWorker } from './pwa/register'
import { routeTree } from './routeTree.gen'

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 60_000, retry: 1, networkMode: 'offlineFirst' } },
})

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  scrollRestoration: true,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

registerNavigator((to, o) => router.navigate({ to, replace: o?.replace }))

const container = document.getElementById('root')
if (!container) throw new Error('Elemento #root mancante in index.html')
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)

registerServiceWorker()
