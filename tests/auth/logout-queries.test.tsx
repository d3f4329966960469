/**
 * Issue 8 point 11: logging out from the services page sent the page's three queries again without a
 * token or a role (401). After the session is cleared nothing is requested.
 */
import { act, render, screen, waitFor } from '@testing-library/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn(), redirectBrowser: vi.fn(), registerNavigator: vi.fn(), reloadPage: vi.fn() }))

import { queryClient } from '../../src/api/query'
import { logout } from '../../src/auth/logout'
import { resetSessionForTests } from '../../src/auth/session'
import { writeAuth, writeSessionData } from '../../src/auth/token-store'
import { ServiziPage } from '../../src/features/servizi/list/ServiziPage'
import { contesto, fakeJwt, installFetch, json, profile } from './helpers'

const REPP = profile('REPP')
const lista = { servizi: [{ id: 31, idLocale: null, nome: 'Laboratorio', tipologiaServizio: ['Altro'], data: '2025-02-01', durataServizio: '2:00', nomeSede: 'Centro', facilitatore: 'ROSSI Anna', stato: 'ATTIVO', dataOraAggiornamento: '2025-02-01T10:00:00Z' }], numeroPagine: 1, numeroTotaleElementi: 1 }

beforeEach(() => {
  localStorage.clear()
  const now = Math.floor(Date.now() / 1000)
  writeAuth({ id_token: fakeJwt({ sub: 'x', iat: now, exp: now + 3600 }), refresh_token: null, expires_in: 3600, session_timestamp: Date.now() })
  writeSessionData({ user: contesto([REPP]), profile: REPP })
  resetSessionForTests()
})
afterEach(() => {
  queryClient.clear()
  vi.unstubAllGlobals()
})

async function renderList() {
  const rootRoute = createRootRoute({ component: ServiziPage })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/area-amministrativa/servizi'] }) })
  await act(() => router.load())
  render(<RouterProvider router={router} />)
}

describe('logout from the services page (issue 8 point 11)', () => {
  it('requests nothing once the session is cleared', async () => {
    const { calls } = installFetch({
      'POST /api/servizio/all': () => json(200, lista),
      'POST /api/servizio/tipologiaServizio/dropdown': () => json(200, ['Altro']),
      'POST /api/servizio/stati/dropdown': () => json(200, ['ATTIVO', 'NON ATTIVO']),
      'POST /api/contesto': () => json(200, contesto([REPP])),
    })
    const api = () => calls.filter((c) => c.url.pathname.startsWith('/api/'))
    await renderList()
    await screen.findByText('Laboratorio')
    await waitFor(() => expect(api().filter((c) => c.url.pathname.startsWith('/api/servizio/'))).toHaveLength(3))
    expect(api().every((c) => c.headers.get('userRole') === 'REPP')).toBe(true)

    const before = api().length
    await act(() => logout())
    await act(() => new Promise((r) => setTimeout(r, 100)))
    const after = api().slice(before)
    expect(after.map((c) => `${c.method} ${c.url.pathname} userRole=${c.headers.get('userRole')}`)).toEqual([])
  })
})
