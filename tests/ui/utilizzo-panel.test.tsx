/** 'Utilizzo' panel (src/features/utilizzo/UtilizzoPanel.tsx): DTD only; the counts as a table. */
import { render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('../../src/auth/logout', () => ({ logout: vi.fn(async () => undefined), onLogout: vi.fn(), logoutSettled: vi.fn(async () => false), resetLogoutForTests: vi.fn() }))
vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn(), redirectBrowser: vi.fn(), registerNavigator: vi.fn(), reloadPage: vi.fn() }))

import { resetAppConfigForTests } from '../../src/api/config'
import { queryClient } from '../../src/api/query'
import { resetSessionForTests } from '../../src/auth/session'
import { writeAuth, writeSessionData } from '../../src/auth/token-store'
import { UtilizzoPanel } from '../../src/features/utilizzo/UtilizzoPanel'
import { contesto, fakeJwt, installFetch, json, profile } from '../auth/helpers'

function loginAs(role: string, permessi: string[]) {
  const p = profile(role, { idProgramma: null, idProgetto: null, idEnte: null })
  writeAuth({ id_token: fakeJwt({ fiscalNumber: 'TINIT-RMNSRA92E51A944H', exp: Math.floor(Date.now() / 1000) + 3600 }), refresh_token: null, expires_in: 3600, session_timestamp: Date.now() })
  writeSessionData({ user: contesto([p], true, { [role]: permessi }), profile: p })
  resetSessionForTests(false)
}

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  resetAppConfigForTests()
  queryClient.clear()
})
afterEach(() => vi.unstubAllGlobals())

describe('UtilizzoPanel', () => {
  it('shows the counts to the DTD', async () => {
    const { calls } = installFetch({
      'GET /app-config.json': () => json(200, {}),
      'POST /api/utilizzo/riepilogo': () => json(200, { righe: [
        { periodo: '2026-11', event: 'download', event_type: 'csv', role_code: 'FAC', program_id: 1, nomeProgramma: 'RFD Lazio', totale: 12 },
      ] }),
    })
    loginAs('DTD', ['tab.dshb', 'view.utilizzo'])
    render(<UtilizzoPanel />)
    expect(await screen.findByRole('cell', { name: 'RFD Lazio' })).toBeTruthy()
    expect(screen.getByRole('cell', { name: '12' })).toBeTruthy()
    expect(screen.getByRole('cell', { name: 'Download' })).toBeTruthy()
    expect(calls.find((c) => c.url.pathname === '/api/utilizzo/riepilogo')?.headers.get('userRole')).toBe('DTD')
  })

  it('says when the server cut the summary (issue 25 point 3)', async () => {
    installFetch({
      'GET /app-config.json': () => json(200, {}),
      'POST /api/utilizzo/riepilogo': () => json(200, { troncato: true, righe: [
        { periodo: '2026-11', event: 'download', event_type: 'csv', role_code: 'FAC', program_id: 1, nomeProgramma: 'RFD Lazio', totale: 12 },
      ] }),
    })
    loginAs('DTD', ['tab.dshb', 'view.utilizzo'])
    render(<UtilizzoPanel />)
    expect((await screen.findByTestId('utilizzo-troncato')).textContent).toBe('Sono mostrate le prime 1 righe: restringi il periodo per vederle tutte.')
  })

  it('renders nothing and asks nothing without view.utilizzo', () => {
    const { calls } = installFetch({})
    loginAs('FAC', ['tab.home'])
    const { container } = render(<UtilizzoPanel />)
    expect(container.innerHTML).toBe('')
    expect(calls.filter((c) => c.url.pathname.startsWith('/api/'))).toEqual([])
  })
})
