/**
 * Issue 24 point 7: a 401 does not throw the user out. Tokens past their expiry (or a refresh the provider
 * refused) mark the session expired: still logged in, every page reachable (the sync centre too), no API
 * query goes out, and the shell asks to log in again. Tokens refused within their lifetime (a signature the
 * server rejects) end the session here only — never through the provider's end-session page with that
 * token as `id_token_hint` — and the app says why.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as v from 'valibot'

vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn(), redirectBrowser: vi.fn(), registerNavigator: vi.fn(), reloadPage: vi.fn() }))

import { apiPost } from '../../src/api/client'
import { sessionReady } from '../../src/api/query'
import { requireLogin } from '../../src/auth/guards'
import { navigateTo, redirectBrowser } from '../../src/auth/navigation'
import { getSessionState, resetSessionForTests } from '../../src/auth/session'
import { EXPIRY_MARGIN_S, refusalKind, SESSION_REJECTED_TOAST } from '../../src/auth/session-end'
import { providerLogoutPending, readAuth, readSessionExpired, writeAuth, writeSessionData } from '../../src/auth/token-store'
import { dismissToast, getToasts } from '../../src/ui/stores/toasts'
import { contesto, fakeJwt, installFetch, json, profile } from './helpers'

const CF = 'RMNSRA92E51A944H'
const Ok = v.object({ ok: v.boolean() })

function logIn(exp: number, sessionTimestamp = Date.now()) {
  writeAuth({ id_token: fakeJwt({ sub: CF, iat: exp - 3600, exp }), refresh_token: null, expires_in: 3600, session_timestamp: sessionTimestamp })
  const p = profile('FAC')
  writeSessionData({ user: { ...contesto([p]), codiceFiscale: CF }, profile: p })
  resetSessionForTests()
}

const nowS = () => Math.floor(Date.now() / 1000)
const SYNC_CENTRE = { location: { pathname: '/area-personale/sincronizzazione' } }

beforeEach(() => {
  localStorage.clear()
  for (const t of getToasts()) dismissToast(t.id)
  vi.mocked(navigateTo).mockClear()
  vi.mocked(redirectBrowser).mockClear()
})
afterEach(() => vi.unstubAllGlobals())

describe('refusalKind', () => {
  const T = Date.UTC(2026, 10, 27, 12, 0, 0)
  const auth = (exp: number | null, sessionTimestamp = T - 60_000, expiresIn = 3600) => ({
    id_token: fakeJwt(exp === null ? { sub: CF } : { sub: CF, exp }),
    expires_in: expiresIn,
    session_timestamp: sessionTimestamp,
  })

  it('expired: past its exp claim, or within the margin of it', () => {
    expect(refusalKind(auth(T / 1000 - 1), T)).toBe('expired')
    expect(refusalKind(auth(T / 1000 + EXPIRY_MARGIN_S - 1), T)).toBe('expired')
  })

  it('expired: no exp claim, but the lifetime the provider gave is over', () => {
    expect(refusalKind(auth(null, T - 3600_000), T)).toBe('expired')
    expect(refusalKind(auth(null, T - 60_000, 60), T)).toBe('expired')
  })

  it('rejected: refused within its lifetime (signature, issuer, role)', () => {
    expect(refusalKind(auth(T / 1000 + 1800), T)).toBe('rejected')
    expect(refusalKind(auth(null), T)).toBe('rejected')
    expect(refusalKind(null, T)).toBe('rejected')
  })
})

describe('a 401 of the API', () => {
  it('on an expired token: the user stays in the app, the session is marked expired, no query goes out', async () => {
    logIn(nowS() - 120, Date.now() - 3700_000)
    expect(sessionReady()).toBe(true)
    installFetch({ 'POST /api/contesto': () => json(401, { errorCode: 'A08', message: 'Token scaduto' }) })
    await apiPost('contesto', {}, Ok).catch(() => undefined)
    await vi.waitFor(() => expect(getSessionState().sessionExpired).toBe(true))
    expect(readSessionExpired()).toBe(true)
    expect(getSessionState().status).toBe('authenticated')
    expect(readAuth()).not.toBeNull()
    expect(() => requireLogin()(SYNC_CENTRE)).not.toThrow()
    expect(sessionReady()).toBe(false)
    expect(redirectBrowser).not.toHaveBeenCalled()
    expect(navigateTo).not.toHaveBeenCalled()
    expect(getToasts()).toHaveLength(0)
    // a new login ends the expired state
    logIn(nowS() + 3600)
    expect(getSessionState().sessionExpired).toBe(false)
    expect(sessionReady()).toBe(true)
  })

  it('on a token refused within its lifetime: the local session ends, without the provider\'s end-session page, with the app\'s message', async () => {
    logIn(nowS() + 3000)
    installFetch({ 'POST /api/contesto': () => json(401, { errorCode: 'A08', message: 'Firma non valida' }) })
    await apiPost('contesto', {}, Ok).catch(() => undefined)
    await vi.waitFor(() => expect(getSessionState().status).toBe('anonymous'))
    await vi.waitFor(() => expect(getToasts().map((t) => t.title)).toEqual([SESSION_REJECTED_TOAST.title]))
    expect(getToasts()[0]!.message).toBe(SESSION_REJECTED_TOAST.message)
    expect(redirectBrowser).not.toHaveBeenCalled()
    expect(navigateTo).toHaveBeenCalledWith('/', { replace: true })
    // the provider's session could not be ended: the next login shows its form again
    expect(providerLogoutPending()).toBe(true)
  })

  it('a 401 for the old tokens that arrives after a new login ends nothing: the new session stays', async () => {
    // the expired session; a call goes out with its token, and a new login is stored before the answer
    logIn(nowS() - 120, Date.now() - 3700_000)
    const oldToken = readAuth()!.id_token
    let answer!: (r: Response) => void
    const { calls } = installFetch({ 'POST /api/notifications/stream/ticket': () => new Promise<Response>((resolve) => { answer = resolve }) })
    const pending = apiPost('notifications/stream/ticket', {}, Ok).catch(() => undefined)
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]!.headers.get('authToken')).toBe(oldToken)
    logIn(nowS() + 3600)
    const newToken = readAuth()!.id_token
    answer(json(401, { errorCode: 'A08', message: 'Token scaduto' }))
    await pending
    await new Promise((r) => setTimeout(r, 20))
    expect(readAuth()?.id_token).toBe(newToken)
    expect(readSessionExpired()).toBe(false)
    expect(getSessionState()).toMatchObject({ status: 'authenticated', sessionExpired: false })
    expect(sessionReady()).toBe(true)
    // the same answer for the tokens in use still marks them expired
    logIn(nowS() - 120, Date.now() - 3700_000)
    installFetch({ 'POST /api/contesto': () => json(401, { errorCode: 'A08', message: 'Token scaduto' }) })
    await apiPost('contesto', {}, Ok).catch(() => undefined)
    await vi.waitFor(() => expect(readSessionExpired()).toBe(true))
  })
})
