import { act, render, screen, waitFor } from '@testing-library/react'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { focusPageHeading, ROUTE_ANNOUNCER_ID, useRouteFocus } from '../../src/ui/shell/route-focus'

/** A page whose h1 arrives a little after the route (as when it reads from the device first). */
function Late() {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    const t = setTimeout(() => setReady(true), 30)
    return () => clearTimeout(t)
  }, [])
  return ready ? <h1>Pagina lenta</h1> : <p role="status">Caricamento in corso…</p>
}

function Shell() {
  useRouteFocus()
  return (
    <>
      <a href="#main-content">Vai al contenuto principale</a>
      <main id="main-content" tabIndex={-1}>
        <Outlet />
      </main>
      <div id={ROUTE_ANNOUNCER_ID} aria-live="polite" />
    </>
  )
}

async function setup() {
  const root = createRootRoute({ component: Shell })
  const home = createRoute({ getParentRoute: () => root, path: '/', component: () => <h1>Home</h1> })
  const late = createRoute({ getParentRoute: () => root, path: '/lenta', component: Late })
  const form = createRoute({ getParentRoute: () => root, path: '/modulo', component: () => (
    <>
      <h1>Modulo</h1>
      <input aria-label="Nome" />
    </>
  ) })
  const router = createRouter({ routeTree: root.addChildren([home, late, form]), history: createMemoryHistory({ initialEntries: ['/'] }) })
  await act(() => router.load())
  render(<RouterProvider router={router} />)
  await screen.findByRole('heading', { name: 'Home' })
  return router
}

// jsdom has no scrolling: the router scrolls to a hash target
Element.prototype.scrollIntoView ??= () => {}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('focus after navigation (WCAG 2.4.3)', () => {
  it('leaves focus alone on the first load, then moves it to the new h1 after each route change, waiting for it', async () => {
    const router = await setup()
    expect(document.activeElement).toBe(document.body)
    await act(() => router.navigate({ to: '/lenta' as '/' }))
    const h1 = await screen.findByRole('heading', { name: 'Pagina lenta' })
    await waitFor(() => expect(document.activeElement).toBe(h1))
    expect(h1.getAttribute('tabindex')).toBe('-1')
    await act(() => router.navigate({ to: '/' }))
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Home'))
  })

  it('a change of hash only (skip link) does not move focus', async () => {
    const router = await setup()
    const link = screen.getByRole('link', { name: 'Vai al contenuto principale' })
    link.focus()
    await act(() => router.navigate({ to: '/', hash: 'main-content' }))
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50))
    })
    expect(document.activeElement).toBe(link)
  })

  it('keeps a focus the user or the page chose while the heading was awaited', async () => {
    const router = await setup()
    await act(() => router.navigate({ to: '/lenta' as '/' }))
    const other = screen.getByRole('link', { name: 'Vai al contenuto principale' })
    other.focus()
    await screen.findByRole('heading', { name: 'Pagina lenta' })
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50))
    })
    expect(document.activeElement).toBe(other)
  })

  it('without an h1 in time: focus on the main content and the page title announced', async () => {
    document.body.innerHTML = `<main id="main-content" tabindex="-1"><p>Niente titolo</p></main><div id="${ROUTE_ANNOUNCER_ID}" aria-live="polite"></div>`
    document.title = 'Bacheca – Punto Digitale'
    focusPageHeading(20)
    await waitFor(() => expect(document.activeElement?.id).toBe('main-content'))
    await waitFor(() => expect(document.getElementById(ROUTE_ANNOUNCER_ID)?.textContent).toBe('Bacheca – Punto Digitale'))
  })
})
