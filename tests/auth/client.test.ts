import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as v from 'valibot'

vi.mock('../../src/auth/logout', () => ({ logout: vi.fn(async () => undefined), onLogout: vi.fn() }))
vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn(), redirectBrowser: vi.fn(), registerNavigator: vi.fn() }))

import { apiPost, ApiCallError, NETWORK_ERROR_MESSAGE, NETWORK_ERROR_TITLE } from '../../src/api/client'
import { resetErrorCatalogueForTests } from '../../src/api/errors-catalogue'
import { logout } from '../../src/auth/logout'
import { navigateTo } from '../../src/auth/navigation'
import { writeAuth, writeSessionData } from '../../src/auth/token-store'
import { dismissToast, getToasts } from '../../src/ui/stores/toasts'
import { getLoaderCount } from '../../src/ui/stores/loader'
import { installFetch, json, profile } from './helpers'

const Ok = v.object({ ok: v.boolean() })
const CATALOGUE = { errors: { U20: { titolo: 'UTENTE NON TROVATO', descrizione: 'Utente non registrato.' }, C07: { titolo: '', descrizione: 'Consenso mancante.' } } }

function clearToasts() {
  for (const t of getToasts()) dismissToast(t.id)
}

beforeEach(() => {
  localStorage.clear()
  clearToasts()
  resetErrorCatalogueForTests()
  vi.mocked(logout).mockClear()
  vi.mocked(navigateTo).mockClear()
})
afterEach(() => vi.unstubAllGlobals())

async function failure(p: Promise<unknown>): Promise<ApiCallError> {
  try {
    await p
  } catch (e) {
    expect(e).toBeInstanceOf(ApiCallError)
    return e as ApiCallError
  }
  throw new Error('the call should have failed')
}

describe('API client', () => {
  it('sends authToken, userRole and JSON to the API base, validating the answer', async () => {
    writeAuth({ id_token: 'id.tok.en', refresh_token: null, expires_in: 3600, session_timestamp: Date.now() })
    writeSessionData({ profile: profile('FAC') })
    const { calls } = installFetch({ 'POST /api/contesto': () => json(200, { ok: true }) })
    await expect(apiPost('contesto', { a: 1 }, Ok)).resolves.toEqual({ ok: true })
    const call = calls.find((c) => c.url.pathname.startsWith('/api/'))!
    expect(call.url.pathname).toBe('/api/contesto')
    expect(call.headers.get('authToken')).toBe('id.tok.en')
    expect(call.headers.get('userRole')).toBe('FAC')
    expect(call.headers.get('content-type')).toMatch(/application\/json/)
    expect(JSON.parse(call.body)).toEqual({ a: 1 })
    expect(getLoaderCount()).toBe(0)
  })

  it('raises the loader during a call unless background', async () => {
    let seen = -1
    installFetch({ 'POST /api/x': () => ((seen = getLoaderCount()), json(200, { ok: true })) })
    await apiPost('/x', {}, Ok)
    expect(seen).toBe(1)
    await apiPost('/x', {}, Ok, { background: true })
    expect(seen).toBe(0)
    expect(getLoaderCount()).toBe(0)
  })

  it('maps a catalogue code to a slow closable toast "descrizione (errore CODE)"', async () => {
    installFetch({
      'GET /data/errors.json': () => json(200, CATALOGUE),
      'POST /api/contesto': () => json(404, { errorCode: 'U20', message: 'Utente sconosciuto' }),
    })
    const err = await failure(apiPost('contesto', {}, Ok))
    expect(err).toMatchObject({ status: 404, errorCode: 'U20', message: 'Utente sconosciuto', kind: 'http' })
    const toasts = getToasts()
    expect(toasts).toHaveLength(1)
    expect(toasts[0]).toMatchObject({ title: 'UTENTE NON TROVATO', message: 'Utente non registrato. (errore U20)', status: 'error', duration: 40_000, closable: true })
  })

  it("titles an entry without titolo 'ERRORE'", async () => {
    installFetch({ 'GET /data/errors.json': () => json(200, CATALOGUE), 'POST /api/c': () => json(400, { errorCode: 'C07', message: 'x' }) })
    await failure(apiPost('c', {}, Ok))
    expect(getToasts()[0]).toMatchObject({ title: 'ERRORE', message: 'Consenso mancante. (errore C07)' })
  })

  it('shows the generic message for an unknown code', async () => {
    installFetch({ 'GET /data/errors.json': () => json(200, CATALOGUE), 'POST /api/c': () => json(409, { errorCode: 'ZZ99', message: 'boh' }) })
    const err = await failure(apiPost('c', {}, Ok))
    expect(err.errorCode).toBe('ZZ99')
    expect(getToasts()[0]).toMatchObject({ title: 'SI È VERIFICATO UN ERRORE', message: 'Ti invitiamo a riprovare più tardi' })
  })

  it('shows the generic message when the answer does not match the schema', async () => {
    installFetch({ 'GET /data/errors.json': () => json(200, CATALOGUE), 'POST /api/c': () => json(200, { ok: 'sì' }) })
    const err = await failure(apiPost('c', {}, Ok))
    expect(err.kind).toBe('validation')
    expect(getToasts()[0]?.title).toBe('SI È VERIFICATO UN ERRORE')
  })

  it('keeps D01 silent', async () => {
    installFetch({ 'GET /data/errors.json': () => json(200, CATALOGUE), 'POST /api/c': () => json(400, { errorCode: 'D01', message: 'drupal' }) })
    const err = await failure(apiPost('c', {}, Ok))
    expect(err.errorCode).toBe('D01')
    expect(getToasts()).toHaveLength(0)
  })

  // issue 24 point 7: an expired token marks the session expired (tests/auth/session-end.test.ts); one refused
  // within its lifetime ends the session here only, never through the provider's end-session page
  it('HTTP 401 on a token within its lifetime: local logout with the app\'s own message', async () => {
    writeAuth({ id_token: 'refused.id.token', refresh_token: null, expires_in: 3600, session_timestamp: Date.now() })
    installFetch({ 'POST /api/c': () => json(401, { errorCode: 'A08', message: 'token' }) })
    const err = await failure(apiPost('c', {}, Ok))
    expect(err.status).toBe(401)
    await vi.waitFor(() => expect(logout).toHaveBeenCalledWith({ provider: false }))
    await vi.waitFor(() => expect(getToasts().map((t) => t.title)).toEqual(['SESSIONE NON VALIDA']))
  })

  it('does not log out again when the session is already closed', async () => {
    installFetch({ 'POST /api/c': () => json(401, { errorCode: 'A07', message: 'token mancante' }) })
    const err = await failure(apiPost('c', {}, Ok))
    expect(err.status).toBe(401)
    expect(logout).not.toHaveBeenCalled()
  })

  it('goes to /auth-redirect on A02', async () => {
    installFetch({ 'POST /api/c': () => json(403, { errorCode: 'A02', message: 'permesso' }) })
    await failure(apiPost('c', {}, Ok))
    expect(navigateTo).toHaveBeenCalledWith('/auth-redirect')
    expect(logout).not.toHaveBeenCalled()
  })

  it('leaves 401 and A02 to the caller with authRedirects: false', async () => {
    installFetch({ 'POST /api/c': () => json(401, { errorCode: 'A08', message: 'x' }), 'POST /api/d': () => json(403, { errorCode: 'A02', message: 'x' }) })
    await failure(apiPost('c', {}, Ok, { authRedirects: false, silent: true }))
    await failure(apiPost('d', {}, Ok, { authRedirects: false, silent: true }))
    expect(logout).not.toHaveBeenCalled()
    expect(navigateTo).not.toHaveBeenCalled()
    expect(getToasts()).toHaveLength(0)
  })

  it('shows one network toast for several failed calls', async () => {
    const fn = vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    })
    vi.stubGlobal('fetch', fn)
    const errs = await Promise.all([failure(apiPost('a', {}, Ok)), failure(apiPost('b', {}, Ok)), failure(apiPost('c', {}, Ok))])
    expect(errs.map((e) => e.kind)).toEqual(['network', 'network', 'network'])
    expect(errs.every((e) => e.status === 0 && e.errorCode === null)).toBe(true)
    const toasts = getToasts()
    expect(toasts).toHaveLength(1)
    expect(toasts[0]).toMatchObject({ title: NETWORK_ERROR_TITLE, message: NETWORK_ERROR_MESSAGE, duration: 40_000, closable: true })
    expect(getLoaderCount()).toBe(0)
  })

  it('suppresses toasts with silent: true but still rejects with the code', async () => {
    installFetch({ 'GET /data/errors.json': () => json(200, CATALOGUE), 'POST /api/c': () => json(404, { errorCode: 'U20', message: 'x' }) })
    const err = await failure(apiPost('c', {}, Ok, { silent: true }))
    expect(err.errorCode).toBe('U20')
    expect(getToasts()).toHaveLength(0)
  })
})
