/**
 * Entry point: styles (bootstrap-italia built from its Sass sources with the modules the app uses, see
 * src/styles/bootstrap-italia.scss; self-hosted fonts; our own), router with the generated
 * route tree, navigator for the session module, service worker registration.
 * TanStack Query is not in the entry: the feature areas that fetch data provide their own client in
 * their (lazily loaded) layout routes, keeping it off the landing page.
 *
 * Start-up runs after the first paint (the pre-rendered landing page, scripts/prerender-landing.ts) and is
 * split into tasks shorter than a long task (50 ms on a mid-range phone): module evaluation, router creation,
 * route loading, then a rendering React time-slices. On `/` for a visitor without a session, React hydrates the
 * pre-rendered markup (same components, same icons: src/prerender.tsx) instead of replacing it; elsewhere it
 * renders into `#root`, replacing the boot placeholder.
 */
import './styles/bootstrap-italia.scss'
import './styles/fonts.css'
import './styles/app.css'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { startTransition, StrictMode } from 'react'
import { registerNavigator } from './auth/navigation'
import { registerServiceWorker } from './pwa/register'
import { createRoot, hydrateRoot } from './react-dom-client'
import { routeTree } from './routeTree.gen'
import { registerSessionWiring } from './ui/shell/useFieldSession'
import { registerNotificationsWiring } from './ui/shell/useNotificationsWiring'

function buildRouter() {
  return createRouter({
    routeTree,
    defaultPreload: 'intent',
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof buildRouter>
  }
}

/** Resolves in a new task: the browser may paint and handle input between start-up steps. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

async function start(container: HTMLElement): Promise<void> {
  await nextTask()
  const router = buildRouter()
  registerNavigator((to, o) => router.navigate({ to, replace: o?.replace }))
  await nextTask()
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  )
  const prerendered = container.querySelector<HTMLElement>(':scope > .pd-prerender')
  if (prerendered && !document.documentElement.classList.contains('pd-boot-plain')) {
    container.querySelector(':scope > .pd-boot')?.remove()
    // the first render must match the markup: the route's code is ready before it (the shell's icons are
    // static imports, src/ui/ShellIcon.tsx)
    await router.load()
    await nextTask()
    startTransition(() => {
      hydrateRoot(prerendered, app, {
        onRecoverableError: (error) => console.warn('Pagina pre-generata non riutilizzata', error),
      })
    })
  } else {
    createRoot(container).render(app)
  }
}

// the offline wiring of a logged-in user (features/sincronizzazione), loaded on demand by the shell
registerSessionWiring(() => import('./features/sincronizzazione/start').then((m) => m.loadSyncWiring()))
registerNotificationsWiring(() => import('./features/notifiche/start').then((m) => m.loadNotificationsWiring()))

const container = document.getElementById('root')
if (!container) throw new Error('Elemento #root mancante in index.html')
void start(container)

registerServiceWorker()
