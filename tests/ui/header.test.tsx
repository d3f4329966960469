import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { SessionState } from '../../src/auth/session'
import { contesto, permsOf, profile } from './fixtures'

// The header reads the session through useSession(); the test drives it directly.
const session = vi.hoisted(() => ({ current: null as unknown as SessionState }))
vi.mock('../../src/auth/session', () => ({
  useSession: () => session.current,
  getSessionState: () => session.current,
  logout: vi.fn(),
  chooseProfile: vi.fn(),
}))

import { Header } from '../../src/ui/header/Header'
import { resetChatForTests } from '../../src/ui/stores/chat'
import { resetAppConfigForTests } from '../../src/api/config'

/** The runtime config as cached by the app; `chatUrl` null = no chat server (CHAT_URL unset). */
function withChat(chatUrl: string | null) {
  localStorage.setItem('pd.appConfig', JSON.stringify({ chatUrl }))
  resetAppConfigForTests()
  resetChatForTests()
}

function loggedAs(role: 'FAC' | 'DTD', profiles = [profile(role)]): SessionState {
  return {
    status: 'authenticated',
    user: contesto(profiles),
    profilo: profiles[0]!,
    permessi: permsOf(role),
    isOfflineSession: false,
    needsProfileChoice: false,
    profiloNonAttivo: null,
  }
}

async function renderHeader(path = '/') {
  const rootRoute = createRootRoute({ component: Header })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [path] }) })
  await act(() => router.load())
  render(<RouterProvider router={router} />)
  return screen.findByTestId('app-header')
}

describe('header', () => {
  beforeEach(() => {
    withChat('https://chat.example.it')
    session.current = {
      status: 'anonymous',
      user: null,
      profilo: null,
      permessi: [],
      isOfflineSession: false,
      needsProfileChoice: false,
      profiloNonAttivo: null,
    }
  })

  it("logged out: 'Accedi' to /auth, search, no navigation", async () => {
    const header = await renderHeader()
    expect(within(header).getByTestId('login-button').getAttribute('href')).toBe('/auth')
    expect(within(header).getByTestId('search-link').getAttribute('href')).toBe('/home/cerca')
    expect(within(header).queryByTestId('main-navbar')).toBeNull()
    expect(within(header).getByText('Punto Digitale')).toBeTruthy()
  })

  it("FAC: no management dropdown; Area amministrativa opens to own 'Progetto' and Servizi", async () => {
    session.current = loggedAs('FAC')
    const header = await renderHeader()
    expect(within(header).queryByTestId('management-dropdown')).toBeNull()
    expect(within(header).queryByTestId('burger-management')).toBeNull()
    const am = within(header).getByTestId('menu-area-amministrativa')
    // jsdom applies no CSS: the burger panel keeps its phone `display: none`, hence `hidden: true`.
    const toggle = within(am).getByRole('button', { name: /Area amministrativa/, hidden: true })
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(menu.hidden).toBe(true)
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(menu.hidden).toBe(false)
    const servizi = within(am).getByRole('link', { name: 'Servizi', hidden: true })
    expect(servizi.getAttribute('href')).toBe('/area-amministrativa/servizi')
    expect(within(am).getByRole('link', { name: 'Progetto', hidden: true }).getAttribute('href')).toBe('/area-amministrativa/progetti/42/info')
    expect(within(am).queryByRole('link', { name: /Programm|Progetti/, hidden: true })).toBeNull()
    expect(within(header).queryByTestId('menu-area-dati')).toBeNull()
    expect(within(header).getByTestId('menu-bacheca')).toBeTruthy()
    // chat and notifications by permission; Escape closes the dropdown
    expect(within(header).getByTestId('chat-button')).toBeTruthy()
    expect(within(header).getByTestId('notifications-button').getAttribute('href')).toBe('/notifiche')
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
  })

  it('no chat server configured: no chat button at all', async () => {
    withChat(null)
    session.current = loggedAs('FAC')
    const header = await renderHeader()
    expect(within(header).getByTestId('notifications-button')).toBeTruthy()
    expect(within(header).queryByTestId('chat-button')).toBeNull()
  })

  it("FAC with one profile: user menu without 'Cambia ruolo'", async () => {
    session.current = loggedAs('FAC')
    const header = await renderHeader()
    const user = within(header).getByTestId('user-dropdown')
    fireEvent.click(within(user).getByRole('button', { name: /Menu utente di Sara Romano/ }))
    expect(within(user).getByRole('link', { name: 'Il mio profilo' }).getAttribute('href')).toBe('/area-personale')
    expect(within(user).getByRole('link', { name: 'Contenuti pubblicati' })).toBeTruthy()
    expect(within(user).getByRole('button', { name: 'Esci' })).toBeTruthy()
    expect(within(user).queryByRole('button', { name: 'Cambia ruolo' })).toBeNull()
  })

  it("DTD: management dropdown, every admin sub-tab, Area dati, 'Cambia ruolo' with two profiles", async () => {
    session.current = loggedAs('DTD', [profile('DTD'), profile('FAC')])
    const header = await renderHeader('/area-amministrativa/enti')
    const mgmt = within(header).getByTestId('management-dropdown')
    fireEvent.click(within(mgmt).getByRole('button', { name: /Area gestionale/ }))
    expect(within(mgmt).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Gestione ruoli',
      'Gestione configurazioni',
      'Conservazione dei dati',
      'Gestione categorie',
      'Gestione segnalazioni',
      'Richieste di assistenza',
      'Registro degli accessi', // issue 28 part 1
      'Richieste di cancellazione', // issue 28 part 3
    ])
    const am = within(header).getByTestId('menu-area-amministrativa')
    fireEvent.click(within(am).getByRole('button', { name: /Area amministrativa/, hidden: true }))
    expect(within(am).getAllByRole('link', { hidden: true }).map((a) => a.textContent)).toEqual([
      'Programmi',
      'Progetti',
      'Enti',
      'Utenti',
      'Questionari',
      'Servizi',
    ])
    expect(within(am).getByRole('link', { name: 'Enti', hidden: true }).getAttribute('aria-current')).toBe('page')
    expect(within(header).getByTestId('menu-area-dati')).toBeTruthy()
    expect(within(header).queryByTestId('menu-report-dati')).toBeNull()
    expect(within(header).getByTestId('burger-management')).toBeTruthy()
    const user = within(header).getByTestId('user-dropdown')
    fireEvent.click(within(user).getByRole('button', { name: /Menu utente/ }))
    expect(within(user).getByRole('button', { name: 'Cambia ruolo' })).toBeTruthy()
  })

  it('assistance page: only the brand, no top bar, menu or search', async () => {
    session.current = loggedAs('FAC')
    const header = await renderHeader('/richiesta-assistenza')
    expect(within(header).queryByTestId('header-slim-right')).toBeNull()
    expect(within(header).queryByTestId('main-navbar')).toBeNull()
    expect(within(header).queryByTestId('search-link')).toBeNull()
  })
})
