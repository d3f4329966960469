import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn(), redirectBrowser: vi.fn(), registerNavigator: vi.fn(), reloadPage: vi.fn() }))
const campo = vi.hoisted(() => ({ startCampo: vi.fn((): (() => void) => { throw new Error('campo layer unavailable (simulated)') }) }))
vi.mock('../../src/features/campo', () => campo)

import { requestLogout } from '../../src/auth/logout'
import { getSessionState, resetSessionForTests } from '../../src/auth/session'
import { markSessionExpired, writeAuth, writeSessionData } from '../../src/auth/token-store'
import { closeUserDb, currentDb } from '../../src/offline/db'
import { enqueue, listEntries } from '../../src/offline/outbox'
import { configureConnectivityForTests, reportReachable } from '../../src/api/connectivity'
import { emitOfflineEvent } from '../../src/offline/events'
import { syncDbWithSession } from '../../src/offline/session-bridge'
import { startSyncWiring } from '../../src/features/sincronizzazione/wiring'
import { getSyncAlerts } from '../../src/features/sincronizzazione/alerts-store'
import { HeaderStatusSlot, registerHeaderStatus } from '../../src/ui/header/HeaderStatusSlot'
import { registerShellSlot, ShellSlot } from '../../src/ui/shell/ShellSlot'
import { setUpdateBlocked } from '../../src/pwa/update-store'
import { ToastRegion } from '../../src/ui/feedback/ToastRegion'
import { getToasts, dismissToast } from '../../src/ui/stores/toasts'
import { contesto, profile } from '../ui/fixtures'
import { CF_SARA, registerTestHandlers, resetDbs, scriptedTransport, setupReplay } from '../offline/helpers'

const FAC = profile('FAC')
const rc = { codiceRuolo: 'FAC', idProgramma: 7, idProgetto: 42, idEnte: 3, cfUtente: CF_SARA }

function login() {
  writeAuth({ id_token: 'tok-1', refresh_token: null, expires_in: 3600, session_timestamp: Date.now() })
  writeSessionData({ user: contesto([FAC]), profile: FAC })
  resetSessionForTests()
}

function MiniShell() {
  return (
    <>
      <HeaderStatusSlot />
      <ShellSlot name="before-main" />
      <ShellSlot name="overlay" />
      <ToastRegion />
    </>
  )
}

async function renderShell() {
  const router = createRouter({ routeTree: createRootRoute({ component: MiniShell }), history: createMemoryHistory({ initialEntries: ['/'] }) })
  await act(() => router.load())
  render(<RouterProvider router={router} />)
}

let stop: () => void = () => undefined
let offHandlers: () => void = () => undefined
let transportCalls: unknown[] = []

beforeEach(async () => {
  localStorage.clear()
  await resetDbs()
  getToasts().forEach((t) => dismissToast(t.id))
  campo.startCampo.mockClear()
  // the API probe fails: offline until a test says otherwise
  vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))))
  const { transport, calls } = scriptedTransport(() => ({ idServizio: 5 }))
  transportCalls = calls
  setupReplay({ transport })
  configureConnectivityForTests({ state: 'offline' })
  offHandlers = registerTestHandlers()
  login()
})
afterEach(() => {
  stop()
  offHandlers()
  closeUserDb()
  vi.unstubAllGlobals()
})

async function start() {
  stop = startSyncWiring({ registerHeaderStatus, registerShellSlot, setUpdateBlocked })
  await act(() => syncDbWithSession())
  expect(currentDb()).not.toBeNull()
}

describe('offline wiring', () => {
  it('starts even while the campo layer is not available, registers the indicator, and removes everything at stop', async () => {
    await start()
    await renderShell()
    await waitFor(() => expect(campo.startCampo).toHaveBeenCalledTimes(1))
    await screen.findByRole('link', { name: /^Sincronizzazione:\s*Offline$/ })
    act(() => stop())
    await waitFor(() => expect(screen.queryByTestId('sync-indicator')).toBeNull())
    expect(currentDb()).not.toBeNull() // the session, not the wiring, closes the database
  })

  it('stops the campo layer with the wiring', async () => {
    const stopCampo = vi.fn()
    campo.startCampo.mockImplementationOnce(() => stopCampo)
    await start()
    await waitFor(() => expect(campo.startCampo).toHaveBeenCalledTimes(1))
    stop()
    expect(stopCampo).toHaveBeenCalledTimes(1)
  })

  it("'auth-required' shows a persistent alert with 'Accedi' while operations are paused; 'storage-full' an error toast", async () => {
    await start()
    await renderShell()
    const db = currentDb()!
    const e = await act(() => enqueue({ kind: 'servizio.crea', payload: {}, roleContext: rc, label: 'Servizio «Corso SPID»' }))
    await act(() => db.outbox.update(e.id, { status: 'paused-auth' }))
    act(() => emitOfflineEvent('auth-required', { message: 'x' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('La sessione è scaduta: accedi di nuovo per inviare le operazioni salvate. Nessun dato andrà perso.')
    fireEvent.click(within(alert).getByRole('button', { name: 'Accedi' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByTestId('login-spid')).toBeTruthy()
    expect(within(dialog).getByTestId('login-cie')).toBeTruthy()

    // once the paused operations are sent again (new login), the alert goes away
    await act(() => db.outbox.update(e.id, { status: 'pending' }))
    await waitFor(() => expect(screen.queryByTestId('auth-required-alert')).toBeNull())

    act(() => emitOfflineEvent('storage-full', { message: 'pieno' }))
    const toast = await screen.findByText(/nessuna operazione già salvata è andata persa/)
    expect(toast.closest('[data-status]')?.getAttribute('data-status')).toBe('error')
    expect(screen.getByText('MEMORIA DEL DISPOSITIVO PIENA')).toBeTruthy()
  })

  it('a session marked expired (issue 24 point 7): stays in the app, the queue pauses without sending, the alert links the sync centre; a new login sends', async () => {
    await start()
    await renderShell()
    const db = currentDb()!
    const a = await act(() => enqueue({ kind: 'servizio.crea', payload: { n: 1 }, roleContext: rc, label: 'Servizio «Corso SPID»' }))
    const b = await act(() => enqueue({ kind: 'servizio.crea', payload: { n: 2 }, roleContext: rc, label: 'Servizio «Corso CIE»' }))
    act(() => markSessionExpired(true))
    const alert = await screen.findByRole('alert')
    await waitFor(() => expect(alert.textContent).toContain('La sessione è scaduta: accedi di nuovo per inviare le operazioni salvate. Nessun dato andrà perso.'))
    expect(within(alert).getByRole('link', { name: 'Vedi le operazioni in attesa' }).getAttribute('href')).toBe('/area-personale/sincronizzazione')
    for (const e of [a, b]) expect((await db.outbox.get(e.id))?.status).toBe('paused-auth')
    expect(transportCalls).toHaveLength(0)
    expect(getSessionState().status).toBe('authenticated')
    fireEvent.click(within(alert).getByRole('button', { name: 'Accedi' }))
    expect(within(await screen.findByRole('dialog')).getByTestId('login-spid')).toBeTruthy()

    // logged in again: new tokens end the expired state, the queue is sent, the alert goes away
    act(() => writeAuth({ id_token: 'tok-2', refresh_token: null, expires_in: 3600, session_timestamp: Date.now() }))
    await waitFor(() => expect(transportCalls).toHaveLength(2))
    await waitFor(() => expect(screen.queryByTestId('auth-required-alert')).toBeNull())
  })

  it('a session marked expired with nothing waiting: the same alert, without the sync centre link', async () => {
    await start()
    await renderShell()
    act(() => markSessionExpired(true))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('La sessione è scaduta: accedi di nuovo per continuare. Nessun dato andrà perso.')
    expect(within(alert).queryByRole('link')).toBeNull()
  })

  it("'Esci' with unsent operations warns; 'Annulla' keeps the session, 'Esci comunque' logs out keeping the data", async () => {
    await start()
    await renderShell()
    await act(() => enqueue({ kind: 'servizio.crea', payload: { n: 1 }, roleContext: rc }))
    await act(() => enqueue({ kind: 'servizio.crea', payload: { n: 2 }, roleContext: rc }))

    let first!: Promise<boolean>
    act(() => {
      first = requestLogout()
    })
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByTestId('logout-warning-text').textContent).toBe(
      'Hai 2 operazioni non ancora inviate. Restano salvate su questo dispositivo e saranno inviate al tuo prossimo accesso; nessun altro utente le vedrà.',
    )
    // offline: no 'Sincronizza ora'
    expect(within(dialog).queryByRole('button', { name: 'Sincronizza ora' })).toBeNull()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annulla' }))
    await expect(first).resolves.toBe(false)
    expect(getSessionState().status).toBe('authenticated')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    let second!: Promise<boolean>
    act(() => {
      second = requestLogout()
    })
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Esci comunque' }))
    await expect(second).resolves.toBe(true)
    expect(getSessionState().status).toBe('anonymous')
    expect(getSyncAlerts().logout).toBeNull()
    // kept on the device for the next login of the same user
    await act(() => syncDbWithSession())
    expect(currentDb()).toBeNull()
    login()
    await act(() => syncDbWithSession())
    expect((await listEntries()).map((x) => x.payload)).toEqual([{ n: 1 }, { n: 2 }])
  })

  it("offers 'Sincronizza ora' online in the warning and lets the user leave once all is sent", async () => {
    await start()
    await renderShell()
    await act(() => enqueue({ kind: 'servizio.crea', payload: { idLocale: 'a', nomeServizio: 'A', data: '2025-03-01' }, roleContext: rc }))
    let asked!: Promise<boolean>
    act(() => {
      asked = requestLogout()
    })
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByTestId('logout-warning-text').textContent).toContain('Hai 1 operazione non ancora inviata. Resta salvata')
    act(() => reportReachable())
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Sincronizza ora' }))
    await within(dialog).findByText('Tutte le operazioni sono state inviate: puoi uscire.')
    expect(transportCalls.length).toBeGreaterThanOrEqual(1)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Esci' }))
    await expect(asked).resolves.toBe(true)
  })

  it('logs out without asking when nothing is unsent', async () => {
    await start()
    await renderShell()
    await expect(requestLogout()).resolves.toBe(true)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(getSessionState().status).toBe('anonymous')
  })

  it('does not ask once the wiring is stopped', async () => {
    await start()
    await renderShell()
    await act(() => enqueue({ kind: 'servizio.crea', payload: { n: 1 }, roleContext: rc }))
    act(() => stop())
    await expect(requestLogout()).resolves.toBe(true)
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
