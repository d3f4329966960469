/**
 * The citizen's rights on the client (issue 28 part 3; src/features/diritti): 'Richieste di cancellazione' lists the
 * requests, 'Esegui' opens the erasure's confirmation naming what goes and sends the request's id with the reason,
 * 'Rifiuta' requires a note; on a citizen's page a referent (rich.canc.cittadino) is offered only the request, the
 * data-protection role the export, the printable page and the erasure.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('../../src/auth/logout', () => ({ logout: vi.fn(async () => undefined), onLogout: vi.fn(), logoutSettled: vi.fn(async () => false), resetLogoutForTests: vi.fn() }))
vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn(), redirectBrowser: vi.fn(), registerNavigator: vi.fn(), reloadPage: vi.fn() }))

import { resetAppConfigForTests } from '../../src/api/config'
import { QueryProvider, queryClient } from '../../src/api/query'
import { resetSessionForTests } from '../../src/auth/session'
import { writeAuth, writeSessionData } from '../../src/auth/token-store'
import { AzioniDiritti, RichiesteCancellazionePage } from '../../src/features/diritti'
import { contesto, fakeJwt, installFetch, json, profile } from '../auth/helpers'
import { renderAt } from '../servizi/helpers'

function loginAs(role: string, permessi: string[]) {
  const p = profile(role, { idProgramma: null, idProgetto: null, idEnte: null })
  writeAuth({ id_token: fakeJwt({ fiscalNumber: 'TINIT-FRRGLI78C54H501Q', exp: Math.floor(Date.now() / 1000) + 3600 }), refresh_token: null, expires_in: 3600, session_timestamp: Date.now() })
  writeSessionData({ user: contesto([p], true, { [role]: permessi }), profile: p })
  resetSessionForTests(false)
}

const ID = 4503599627370499
const RICHIESTA = {
  id: 7, idCittadino: ID, identificativoMascherato: 'RSS•••90••••••••', motivo: 'Chiesto allo sportello', stato: 'IN_ATTESA', richiedente: 'ROSSI Alessandro',
  ruoloRichiedente: 'REG', richiestaIl: '2026-11-28T09:00:00.000Z', decisaIl: null, nota: null,
}
const RIEPILOGO = { idCittadino: ID, giaCancellato: false, servizi: 3, questionari: 2, consensi: 1, collegamenti: 1, richiesteInAttesa: 1 }

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  resetAppConfigForTests()
  queryClient.clear()
})
afterEach(() => vi.unstubAllGlobals())

describe('Richieste di cancellazione', () => {
  it('executes a request through the confirmation that names what goes', async () => {
    const { calls } = installFetch({
      'GET /app-config.json': () => json(200, {}),
      'POST /api/richiesteCancellazione/all': () => json(200, { richieste: [RICHIESTA], numeroPagine: 1, numeroTotaleElementi: 1 }),
      [`POST /api/cittadino/${ID}/cancellazione/riepilogo`]: () => json(200, RIEPILOGO),
      [`POST /api/cittadino/${ID}/cancellazione`]: () => json(200, { idCittadino: ID, questionari: 2 }),
    })
    loginAs('DTD', ['gest.dati.personali'])
    await renderAt('/richieste-cancellazione', { '/richieste-cancellazione': RichiesteCancellazionePage })
    fireEvent.click(await screen.findByRole('button', { name: /Esegui la cancellazione di Cittadino/ }))
    const dialog = await screen.findByRole('dialog')
    const riepilogo = await within(dialog).findByTestId('cancellazione-riepilogo')
    expect(riepilogo.textContent).toContain('3 servizi frequentati')
    expect(riepilogo.textContent).toContain('2 questionari')
    expect(riepilogo.textContent).toContain('1 consenso registrato')
    expect((within(dialog).getByLabelText('Motivo (obbligatorio)') as HTMLTextAreaElement).value).toBe('Chiesto allo sportello')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancella definitivamente' }))
    await waitFor(() => expect(calls.some((c) => c.url.pathname === `/api/cittadino/${ID}/cancellazione`)).toBe(true))
    expect(JSON.parse(calls.find((c) => c.url.pathname === `/api/cittadino/${ID}/cancellazione`)!.body)).toMatchObject({ motivo: 'Chiesto allo sportello', idRichiesta: 7 })
  })

  it('rejects a request only with a note', async () => {
    const { calls } = installFetch({
      'GET /app-config.json': () => json(200, {}),
      'POST /api/richiesteCancellazione/all': () => json(200, { richieste: [RICHIESTA], numeroPagine: 1, numeroTotaleElementi: 1 }),
      'POST /api/richiesteCancellazione/7/rifiuta': () => json(200, { id: 7 }),
    })
    loginAs('DTD', ['gest.dati.personali'])
    await renderAt('/richieste-cancellazione', { '/richieste-cancellazione': RichiesteCancellazionePage })
    fireEvent.click(await screen.findByRole('button', { name: /Rifiuta la richiesta su Cittadino/ }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rifiuta la richiesta' }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Indica il motivo del rifiuto')
    expect(calls.some((c) => c.url.pathname.endsWith('/rifiuta'))).toBe(false)
    fireEvent.change(within(dialog).getByLabelText('Motivo del rifiuto (obbligatorio)'), { target: { value: 'Richiesta doppia' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rifiuta la richiesta' }))
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/richiesteCancellazione/7/rifiuta')).toHaveLength(1))
  })
})

describe('the actions on a citizen\'s page', () => {
  it('offers a referent only the request, with its reason', async () => {
    const { calls } = installFetch({
      'GET /app-config.json': () => json(200, {}),
      [`POST /api/cittadino/${ID}/richiestaCancellazione`]: () => json(201, { id: 8 }),
    })
    loginAs('REG', ['rich.canc.cittadino'])
    await renderAt('/c', { '/c': () => <QueryProvider><AzioniDiritti idCittadino={String(ID)} cancellato={false} /></QueryProvider> })
    const azioni = await screen.findByTestId('azioni-diritti')
    expect(within(azioni).queryByRole('button', { name: 'Esporta i dati del cittadino' })).toBeNull()
    expect(within(azioni).queryByRole('button', { name: 'Cancella il cittadino' })).toBeNull()
    fireEvent.click(within(azioni).getByRole('button', { name: 'Chiedi la cancellazione' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText('Motivo (obbligatorio)'), { target: { value: 'Il cittadino lo chiede' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invia la richiesta' }))
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === `/api/cittadino/${ID}/richiestaCancellazione`)).toHaveLength(1))
  })

  it('offers the data-protection role the export, the printable page and the erasure; nothing without a permission', async () => {
    installFetch({ 'GET /app-config.json': () => json(200, {}) })
    loginAs('DTD', ['gest.dati.personali'])
    const { unmount } = await renderAt('/c', { '/c': () => <QueryProvider><AzioniDiritti idCittadino={String(ID)} cancellato={false} /></QueryProvider> })
    const azioni = await screen.findByTestId('azioni-diritti')
    expect(within(azioni).getByRole('button', { name: 'Esporta i dati del cittadino' })).toBeTruthy()
    expect(within(azioni).getByRole('link', { name: 'Versione stampabile dei dati' }).getAttribute('href')).toBe(`/area-cittadini/${ID}/dati-personali`)
    expect(within(azioni).getByRole('button', { name: 'Cancella il cittadino' })).toBeTruthy()
    expect(within(azioni).queryByRole('button', { name: 'Chiedi la cancellazione' })).toBeNull()
    unmount()
    loginAs('FAC', ['list.citt'])
    await renderAt('/c', { '/c': () => <QueryProvider><AzioniDiritti idCittadino={String(ID)} cancellato={false} /></QueryProvider> })
    expect(screen.queryByTestId('azioni-diritti')).toBeNull()
  })
})
