import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SessionState } from '../../src/auth/session'
import { contesto, permsOf, profile } from './fixtures'

const session = vi.hoisted(() => ({ current: null as unknown as SessionState }))
vi.mock('../../src/auth/session', () => ({
  useSession: () => session.current,
  getSessionState: () => session.current,
  logout: vi.fn(),
  chooseProfile: vi.fn(),
}))

import { Header } from '../../src/ui/header/Header'
import { tabbableIn } from '../../src/ui/shell/focus-trap'

/** jsdom lays nothing out: an element is "rendered" unless it or an ancestor is hidden or display:none. */
function stubLayout() {
  return vi.spyOn(Element.prototype, 'getClientRects').mockImplementation(function (this: Element) {
    for (let el = this as Element | null; el; el = el.parentElement) {
      if (el.hasAttribute('hidden') || (el instanceof HTMLElement && el.style.display === 'none')) return [] as unknown as DOMRectList
    }
    return [{}] as unknown as DOMRectList
  })
}

async function renderHeader() {
  session.current = {
    status: 'authenticated',
    user: contesto([profile('FAC')]),
    profilo: profile('FAC'),
    permessi: permsOf('FAC'),
    isOfflineSession: false,
    needsProfileChoice: false,
    profiloNonAttivo: null,
  }
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Header />
        <main id="main-content">
          <a href="/x">Contenuto</a>
        </main>
      </>
    ),
  })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) })
  await act(() => router.load())
  render(<RouterProvider router={router} />)
  return screen.findByTestId('app-header')
}

describe('phone menu #pd-main-nav (WCAG 2.4.3)', () => {
  let layout: ReturnType<typeof stubLayout>
  beforeEach(() => {
    layout = stubLayout()
  })
  afterEach(() => layout.mockRestore())

  it('the toggle comes before the brand, says whether the menu is open, and opens a modal menu that holds focus', async () => {
    const header = await renderHeader()
    const toggle = within(header).getByRole('button', { name: 'Mostra o nascondi il menu' })
    const brand = within(header).getByRole('link', { name: /Punto Digitale, vai alla home/ })
    // first in the tab order of the centre row, as on a phone's screen
    expect(toggle.compareDocumentPosition(brand) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(toggle.getAttribute('aria-controls')).toBe('pd-main-nav')
    expect(toggle.getAttribute('aria-expanded')).toBe('false')

    toggle.focus()
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const panel = screen.getByRole('dialog', { name: 'Menu di navigazione' })
    expect(panel.id).toBe('pd-main-nav')
    expect(panel.getAttribute('aria-modal')).toBe('true')
    // focus moves to the first entry of the menu
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Home'))
    expect(panel.contains(document.activeElement)).toBe(true)
    // the rest of the page is inert: the toggle, the top bar, the content
    expect(toggle.closest('[inert]')).not.toBeNull()
    expect(within(header).getByTestId('header-slim-right').closest('[inert]')).not.toBeNull()
    expect(document.getElementById('main-content')?.closest('[inert]')).not.toBeNull()
    // Tab wraps from the last element to the first, Shift+Tab from the first to the last
    const items = tabbableIn(panel)
    expect(items.length).toBeGreaterThan(2)
    items[items.length - 1]!.focus()
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' })
    expect(document.activeElement).toBe(items[0])
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(items[items.length - 1])

    // Escape closes it and focus returns to the toggle; nothing stays inert
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(toggle)
    expect(document.querySelector('[inert]')).toBeNull()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('Escape in an open submenu closes the submenu only', async () => {
    const header = await renderHeader()
    const toggle = within(header).getByRole('button', { name: 'Mostra o nascondi il menu' })
    fireEvent.click(toggle)
    const panel = screen.getByRole('dialog', { name: 'Menu di navigazione' })
    const sub = within(panel).getByRole('button', { name: /Area amministrativa/ })
    fireEvent.click(sub)
    expect(sub.getAttribute('aria-expanded')).toBe('true')
    fireEvent.keyDown(document, { key: 'Escape' })
    await waitFor(() => expect(sub.getAttribute('aria-expanded')).toBe('false'))
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
  })
})
