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
const nav = vi.hoisted(() => ({ navigateTo: vi.fn(), redirectBrowser: vi.fn(), registerNavigator: vi.fn(), reloadPage: vi.fn() }))
vi.mock('../../src/auth/navigation', () => nav)

import { setLogoutConfirmation } from '../../src/auth/logout'
import { writeAuth } from '../../src/auth/token-store'
import { Header } from '../../src/ui/header/Header'

async function clickEsci() {
  const rootRoute = createRootRoute({ component: Header })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) })
  await act(() => router.load())
  render(<RouterProvider router={router} />)
  const user = await screen.findByTestId('user-dropdown')
  fireEvent.click(within(user).getByRole('button', { name: /Menu utente di Sara Romano/ }))
  fireEvent.click(within(user).getByRole('button', { name: 'Esci' }))
}

let removeCheck: () => void = () => undefined
beforeEach(() => {
  const profiles = [profile('FAC')]
  session.current = { status: 'authenticated', user: contesto(profiles), profilo: profiles[0]!, permessi: permsOf('FAC'), isOfflineSession: false, needsProfileChoice: false, profiloNonAttivo: null }
  localStorage.clear()
  // no id token: the logout is local (no identity-provider round trip) and ends on '/'
  writeAuth(null)
  nav.navigateTo.mockClear()
})
afterEach(() => removeCheck())

describe("header 'Esci'", () => {
  it('asks the registered confirmation and stays logged in when it is refused', async () => {
    const check = vi.fn(async () => false)
    removeCheck = setLogoutConfirmation(check)
    await clickEsci()
    await waitFor(() => expect(check).toHaveBeenCalledTimes(1))
    await new Promise((r) => setTimeout(r, 20))
    expect(nav.navigateTo).not.toHaveBeenCalled()
  })

  it('logs out when the confirmation accepts, and directly without one', async () => {
    removeCheck = setLogoutConfirmation(async () => true)
    await clickEsci()
    await waitFor(() => expect(nav.navigateTo).toHaveBeenCalledWith('/', { replace: true }))
    removeCheck()
    nav.navigateTo.mockClear()
    document.body.innerHTML = ''
    await clickEsci()
    await waitFor(() => expect(nav.navigateTo).toHaveBeenCalledWith('/', { replace: true }))
  })
})
