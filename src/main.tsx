/**
 * Entry point: styles (bootstrap-italia built from its Sass sources with the modules the app uses, see
 * src/styles/bootstrap-italia.scss; self-hosted fonts; our own), router with the generated
 * route tree, navigator for the session module, service worker registration.
 * TanStack Query is not in the entry: the feature areas that fetch data provide their own client in
 * their (lazily loaded) layout routes, keeping it off the landing page.
 */
import './styles/bootstrap-italia.scss'
import './styles/fonts.css'
import './styles/app.css'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { registerNavigator } from './auth/navigation'
import { registerServiceWorker } from './pwa/register'
import { routeTree } from './routeTree.gen'

const router = createRouter({
  routeTree,
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
    <RouterProvider router={router} />
  </StrictMode>,
)

registerServiceWorker()
