/**
 * 'Conservazione dei dati' (issue 28 point 2; src/features/conservazione) and the privacy notice's periods: the DTD
 * edits a period with its version (a 409 V01 opens the conflict view), reads the report and confirms it through a
 * dialog that names the counts; without gest.conf.conservazione everything is read-only; the notice states the
 * configured dates in Italian.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('../../src/auth/logout', () => ({ logout: vi.fn(async () => undefined), onLogout: vi.fn(), logoutSettled: vi.fn(async () => false), resetLogoutForTests: vi.fn() }))
vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn(), redirectBrowser: vi.fn(), registerNavigator: vi.fn(), reloadPage: vi.fn() }))

import { resetAppConfigForTests } from '../../src/api/config'
import { queryClient } from '../../src/api/query'
import { resetSessionForTests } from '../../src/auth/session'
import { writeAuth, writeSessionData } from '../../src/auth/token-store'
import { ConservazionePage } from '../../src/features/conservazione/ConservazionePage'
import { PrivacyNotice } from '../../src/features/static/PrivacyNotice'
import { contesto, fakeJwt, installFetch, json, profile } from '../auth/helpers'

function loginAs(role: string, permessi: string[]) {
  const p = profile(role, { idProgramma: null, idProgetto: null, idEnte: null })
  writeAuth({ id_token: fakeJwt({ fiscalNumber: 'TINIT-FRRGLI78C54H501Q', exp: Math.floor(Date.now() / 1000) + 3600 }), refresh_token: null, expires_in: 3600, session_timestamp: Date.now() })
  writeSessionData({ user: contesto([p], true, { [role]: permessi }), profile: p })
  resetSessionForTests(false)
}

const PERIODI = [{ policy: 'RFD', conservazioneFino: '2026-06-30', versione: 1 }, { policy: 'SCD', conservazioneFino: '2025-12-31', versione: 1 }]
const TOTALI = { cittadini: 12, servizi: 30, questionari: 40, consensi: 7, utenti: 2 }
const RAPPORTO = {
  id: 5, stato: 'DA_CONFERMARE', dataRiferimento: '2026-11-28', creatoIl: '2026-11-28T09:05:00.000Z', periodi: PERIODI.map(({ policy, conservazioneFino }) => ({ policy, conservazioneFino })),
  totali: TOTALI, programmi: [{ idProgramma: 1, codice: 'RFD-2024-LAZ', nome: 'RFD Lazio', policy: 'RFD', ...TOTALI, dataPiuVecchia: '2025-01-20' }],
  file: [{ id: 3, nome: 'servizi-gennaio.csv', idProgramma: 1, caricatoIl: '2026-01-31T10:00:00.000Z', conservato: true }],
  confermatoIl: null, eseguitoIl: null, esito: null, nota: null,
}
const STATO = { rapporto: RAPPORTO, rapportoInCorso: false, anonimizzazioneInCorso: false }

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  resetAppConfigForTests()
  queryClient.clear()
})
afterEach(() => vi.unstubAllGlobals())

describe('ConservazionePage', () => {
  it('lets the DTD change a period with its version, read the report and confirm it naming the counts', async () => {
    const { calls } = installFetch({
      'GET /app-config.json': () => json(200, {}),
      'GET /api/conservazione/periodi': () => json(200, PERIODI),
      'GET /api/conservazione/rapporto': () => json(200, STATO),
      'PUT /api/conservazione/periodi/RFD': () => json(200, { policy: 'RFD', conservazioneFino: '2027-06-30', versione: 2 }),
      'POST /api/conservazione/rapporto/5/conferma': () => json(202, { idJob: 9 }),
    })
    loginAs('DTD', ['view.conf.conservazione', 'gest.conf.conservazione'])
    render(<ConservazionePage />)
    const rfd = await screen.findByTestId('periodo-RFD')
    const input = within(rfd).getByLabelText('Dati personali conservati fino al*') as HTMLInputElement
    expect(input.value).toBe('2026-06-30')
    expect(within(rfd).getByText('In vigore: 30 giugno 2026')).toBeTruthy()
    fireEvent.change(input, { target: { value: '2027-06-30' } })
    fireEvent.click(within(rfd).getByRole('button', { name: 'Salva il periodo RFD' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')!.body)).toEqual({ conservazioneFino: '2027-06-30', versione: 1 })

    expect((await screen.findByTestId('rapporto-totali')).textContent).toBe('Da anonimizzare: 12 cittadini, 30 servizi, 40 questionari, 7 consensi registrati, 2 utenti.')
    const tabella = screen.getByRole('table', { name: 'Dati oltre il periodo di conservazione per programma' })
    expect(within(tabella).getByRole('rowheader', { name: 'RFD Lazio (RFD-2024-LAZ)' })).toBeTruthy()
    expect(within(tabella).getByRole('cell', { name: '20-01-2025' })).toBeTruthy()
    expect(screen.getByText(/servizi-gennaio\.csv del 31-01-2026 \(copia ancora conservata: sarà eliminata\)/)).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Conferma l’anonimizzazione' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Confermi l’anonimizzazione di 12 cittadini, 30 servizi, 40 questionari, 7 consensi registrati, 2 utenti?')).toBeTruthy()
    expect(calls.some((c) => c.url.pathname.endsWith('/conferma'))).toBe(false)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anonimizza' }))
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/conservazione/rapporto/5/conferma')).toHaveLength(1))
  })

  it('a period changed by someone else meanwhile opens the conflict view, nothing overwritten', async () => {
    const { calls } = installFetch({
      'GET /app-config.json': () => json(200, {}),
      'GET /api/conservazione/periodi': () => json(200, PERIODI),
      'GET /api/conservazione/rapporto': () => json(200, { rapporto: null, rapportoInCorso: false, anonimizzazioneInCorso: false }),
      'PUT /api/conservazione/periodi/SCD': () => json(409, { errorCode: 'V01', message: 'Il record è stato modificato', corrente: { policy: 'SCD', conservazioneFino: '2026-12-31', versione: 2 }, modificatoIl: '2026-11-28T09:00:00.000Z' }),
    })
    loginAs('DTD', ['view.conf.conservazione', 'gest.conf.conservazione'])
    render(<ConservazionePage />)
    const scd = await screen.findByTestId('periodo-SCD')
    fireEvent.change(within(scd).getByLabelText('Dati personali conservati fino al*'), { target: { value: '2027-12-31' } })
    fireEvent.click(within(scd).getByRole('button', { name: 'Salva il periodo SCD' }))
    expect((await screen.findAllByText('Mantieni la mia')).length).toBeGreaterThan(0)
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1)
    expect(await screen.findByText('Non è ancora stato preparato alcun rapporto.')).toBeTruthy()
  })

  it('is read-only without gest.conf.conservazione', async () => {
    installFetch({
      'GET /app-config.json': () => json(200, {}),
      'GET /api/conservazione/periodi': () => json(200, PERIODI),
      'GET /api/conservazione/rapporto': () => json(200, STATO),
    })
    loginAs('DTD', ['view.conf.conservazione'])
    render(<ConservazionePage />)
    expect(await screen.findByText(/dati personali conservati fino al 31 dicembre 2025/)).toBeTruthy()
    await screen.findByTestId('rapporto-totali')
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.queryByRole('textbox')).toBeNull()
  })
})

describe('privacy notice', () => {
  it('states the configured periods in Italian, without a session', async () => {
    installFetch({
      'GET /app-config.json': () => json(200, {}),
      'GET /api/conservazione/periodi': () => json(200, [{ policy: 'RFD', conservazioneFino: '2027-03-31', versione: 2 }, { policy: 'SCD', conservazioneFino: '2025-12-31', versione: 1 }]),
    })
    render(<PrivacyNotice />)
    await waitFor(() => expect(screen.getAllByTestId('conservazione-RFD').map((e) => e.textContent)).toEqual(['fino al 31 marzo 2027', 'fino al 31 marzo 2027']))
    expect(screen.getByTestId('conservazione-SCD').textContent).toBe('fino al 31 dicembre 2025')
  })
})
