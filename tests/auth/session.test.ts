import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn(), redirectBrowser: vi.fn(), registerNavigator: vi.fn(), reloadPage: vi.fn() }))

import { navigateTo, redirectBrowser, reloadPage } from '../../src/auth/navigation'
import { computeCodeChallenge } from '../../src/auth/pkce'
import { onLogout } from '../../src/auth/logout'
import {
  chooseProfile,
  completeLogin,
  confirmRegistration,
  getSessionState,
  logout,
  refreshUserContext,
  resetSessionForTests,
  startLogin,
  subscribeSession,
} from '../../src/auth/session'
import { markProviderLogoutPending, providerLogoutPending, readAuth, readEndedProfile, readPendingLogin, readProfile, readUser, writeAuth, writePendingLogin, writeSessionData } from '../../src/auth/token-store'
import { getToasts, dismissToast } from '../../src/ui/stores/toasts'
import { queryClient } from '../../src/api/query'
import { contesto, DISCOVERY, fakeJwt, installFetch, json, profile, type RecordedCall } from './helpers'

const FAC = profile('FAC')
const REG = profile('REG', { idProgetto: null, nomeProgettoBreve: null })
const REGP = profile('REGP', { idProgetto: 11 })

function pending(state = 'st-1', nonce = 'no-1') {
  writePendingLogin({ verifier: 'v'.repeat(43), state, nonce, provider: 'spid', redirectUri: `${location.origin}/auth`, createdAt: Date.now() })
}

function provider(user: ReturnType<typeof contesto> | { status: number; body: unknown }, nonce = 'no-1') {
  const sceltaCalls: RecordedCall[] = []
  const t = installFetch({
    'GET /oidc/.well-known/openid-configuration': () => json(200, DISCOVERY(location.origin)),
    'POST /oidc/token': () => json(200, { id_token: fakeJwt({ nonce, fiscalNumber: 'TINIT-RMNSRA92E51A944H' }), refresh_token: 'rt-1', expires_in: 3600, token_type: 'Bearer' }),
    'POST /api/contesto': () => ('status' in user ? json(user.status, user.body) : json(200, user)),
    'POST /api/contesto/sceltaProfilo': (c) => {
      sceltaCalls.push(c)
      const body = JSON.parse(c.body) as { codiceRuolo: string }
      const all = 'status' in user ? [] : user.profiliUtente
      const p = all.find((x) => x.codiceRuolo === body.codiceRuolo)
      return p ? json(200, { profilo: p }) : json(403, { errorCode: 'C03', message: 'no' })
    },
    'POST /api/contesto/confermaIntegrazione': () => json(200, contesto([FAC], true, { FAC: ['tab.home', 'tab.citt'] })),
    'GET /data/errors.json': () => json(200, { errors: {} }),
  })
  return { ...t, sceltaCalls }
}

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  resetSessionForTests(false)
  vi.mocked(navigateTo).mockClear()
  vi.mocked(redirectBrowser).mockClear()
  vi.mocked(reloadPage).mockClear()
  for (const t of getToasts()) dismissToast(t.id)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('startLogin', () => {
  it('redirects to the provider with a PKCE challenge of the stored verifier', async () => {
    installFetch({ 'GET /oidc/.well-known/openid-configuration': () => json(200, DISCOVERY(location.origin)) })
    await startLogin('cie')
    const p = readPendingLogin()!
    expect(p.provider).toBe('cie')
    const url = new URL(vi.mocked(redirectBrowser).mock.calls[0]![0])
    expect(url.pathname).toBe('/oidc/auth')
    expect(url.searchParams.get('code_challenge')).toBe(await computeCodeChallenge(p.verifier))
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('state')).toBe(p.state)
    expect(url.searchParams.get('nonce')).toBe(p.nonce)
    expect(url.searchParams.get('redirect_uri')).toBe(`${location.origin}/auth`)
  })
})

describe('completeLogin', () => {
  it('exchanges the code form-encoded with the verifier, then a single profile is chosen automatically', async () => {
    pending()
    const user = contesto([FAC], true, { FAC: ['tab.home', 'tab.citt'] })
    const { calls, sceltaCalls } = provider(user)
    const out = await completeLogin('code-1', 'st-1')
    expect(out.to).toBe('/')
    const token = calls.find((c) => c.url.pathname === '/oidc/token')!
    expect(token.headers.get('content-type')).toBe('application/x-www-form-urlencoded')
    const form = new URLSearchParams(token.body)
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'authorization_code',
      code: 'code-1',
      redirect_uri: `${location.origin}/auth`,
      client_id: 'punto-digitale',
      code_verifier: 'v'.repeat(43),
    })
    const ctx = calls.find((c) => c.url.pathname === '/api/contesto')!
    expect(ctx.headers.get('authToken')).toBe(readAuth()!.id_token)
    expect(sceltaCalls).toHaveLength(1)
    expect(sceltaCalls[0]!.headers.get('userRole')).toBe('FAC')
    expect(JSON.parse(sceltaCalls[0]!.body)).toEqual({ codiceRuolo: 'FAC', idProgramma: 1, idProgetto: 10, idEnte: 100 })
    const s = getSessionState()
    expect(s).toMatchObject({ status: 'authenticated', needsProfileChoice: false, isOfflineSession: false })
    expect(s.profilo?.codiceRuolo).toBe('FAC')
    expect(s.permessi).toEqual(['tab.home', 'tab.citt'])
    expect(readAuth()).toMatchObject({ refresh_token: 'rt-1', expires_in: 3600 })
    expect(readPendingLogin()).toBeNull()
    expect(navigateTo).toHaveBeenCalledWith('/', { replace: true })
  })

  it('sends a first access to /registrazione', async () => {
    pending()
    provider(contesto([], false))
    expect((await completeLogin('code-2', 'st-1')).to).toBe('/registrazione')
    const s = getSessionState()
    expect(s.status).toBe('authenticated')
    expect(s.user?.integrazione).toBe(false)
    expect(s.needsProfileChoice).toBe(false)
    expect(s.permessi).toEqual([])
  })

  it('asks for the profile when there are several', async () => {
    pending()
    const { sceltaCalls } = provider(contesto([REG, REGP, FAC]))
    expect((await completeLogin('code-3', 'st-1')).to).toBe('/')
    expect(sceltaCalls).toHaveLength(0)
    const s = getSessionState()
    expect(s.needsProfileChoice).toBe(true)
    expect(s.profilo).toBeNull()
    expect(s.permessi).toEqual([])
  })

  it('goes to /errore/{code} when the user context fails, silently and logged out', async () => {
    pending()
    provider({ status: 404, body: { errorCode: 'U20', message: 'sconosciuto' } })
    expect((await completeLogin('code-4', 'st-1')).to).toBe('/errore/U20')
    expect(getSessionState().status).toBe('anonymous')
    expect(readAuth()).toBeNull()
    expect(getToasts()).toHaveLength(0)
    expect(navigateTo).toHaveBeenCalledWith('/errore/U20', { replace: true })
  })

  it('refuses a state that does not match, without exchanging the code', async () => {
    pending('expected')
    const { calls } = provider(contesto([FAC]))
    expect((await completeLogin('code-5', 'forged')).to).toBe('/errore/A08')
    expect(calls.some((c) => c.url.pathname === '/oidc/token')).toBe(false)
  })

  it('refuses an ID token whose nonce differs', async () => {
    pending('st-1', 'mine')
    provider(contesto([FAC]), 'someone-else')
    expect((await completeLogin('code-6', 'st-1')).to).toBe('/errore/A08')
    expect(readAuth()).toBeNull()
  })

  it('keeps an existing session when a stray code arrives without a login in progress', async () => {
    writeAuth({ id_token: 'x.y.z', refresh_token: null, expires_in: 3600, session_timestamp: Date.now() })
    writeSessionData({ user: contesto([FAC]), profile: FAC })
    const { calls } = provider(contesto([FAC]))
    expect((await completeLogin('stray-code')).to).toBe('/')
    expect(calls.some((c) => c.url.pathname === '/oidc/token')).toBe(false)
    expect(getSessionState().status).toBe('authenticated')
  })

  it('accepts the path form without state (PKCE binds the code) and exchanges a code only once', async () => {
    pending()
    const { calls } = provider(contesto([FAC]))
    const [a, b] = await Promise.all([completeLogin('code-7'), completeLogin('code-7')])
    expect(a).toEqual(b)
    expect(a.to).toBe('/')
    expect(calls.filter((c) => c.url.pathname === '/oidc/token')).toHaveLength(1)
  })
})

describe('profile, registration, logout, offline', () => {
  function loggedIn(user = contesto([REG, FAC], true, { REG: ['tab.home', 'list.ruoli'], FAC: ['tab.home'] })) {
    writeAuth({ id_token: fakeJwt({ fiscalNumber: 'TINIT-RMNSRA92E51A944H' }), refresh_token: 'rt', expires_in: 3600, session_timestamp: Date.now() })
    writeSessionData({ user, profile: null })
    return user
  }

  it('chooseProfile posts sceltaProfilo with userRole, stores it, goes home and reloads after 500 ms', async () => {
    const user = loggedIn()
    const { sceltaCalls } = provider(user)
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    await chooseProfile(REG)
    expect(sceltaCalls[0]!.headers.get('userRole')).toBe('REG')
    expect(readProfile()?.codiceRuolo).toBe('REG')
    expect(getSessionState().permessi).toEqual(['tab.home', 'list.ruoli'])
    expect(navigateTo).toHaveBeenCalledWith('/')
    expect(reloadPage).not.toHaveBeenCalled()
    vi.advanceTimersByTime(499)
    expect(reloadPage).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(reloadPage).toHaveBeenCalledTimes(1)
  })

  it('a profile the server no longer lists (project terminated) is dropped and kept as profiloNonAttivo until another is chosen', async () => {
    loggedIn(contesto([REG, FAC], true, { REG: ['tab.home'], FAC: ['tab.home', 'new.serv'] }))
    writeSessionData({ profile: FAC })
    expect(getSessionState().profiloNonAttivo).toBeNull()
    const now = contesto([REG], true, { REG: ['tab.home'] })
    provider(now)
    await refreshUserContext({ background: true })
    const s = getSessionState()
    expect(s.profilo).toBeNull()
    expect(s.permessi).toEqual([])
    expect(s.profiloNonAttivo).toMatchObject({ codiceRuolo: 'FAC', idProgetto: FAC.idProgetto })
    expect(s.needsProfileChoice).toBe(true)
    // survives a restart (stored), and ends with the choice of another profile
    resetSessionForTests(false)
    expect(getSessionState().profiloNonAttivo?.codiceRuolo).toBe('FAC')
    await chooseProfile(REG)
    expect(getSessionState().profiloNonAttivo).toBeNull()
    expect(readEndedProfile()).toBeNull()
  })

  it('a profile still listed stays chosen, with no profiloNonAttivo; logout forgets an ended one', async () => {
    const user = loggedIn()
    writeSessionData({ profile: FAC })
    provider(user)
    await refreshUserContext({ background: true })
    expect(getSessionState().profilo?.codiceRuolo).toBe('FAC')
    expect(getSessionState().profiloNonAttivo).toBeNull()
    writeSessionData({ profile: null, endedProfile: FAC })
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await logout()
    expect(readEndedProfile()).toBeNull()
  })

  it("reloads the user context when the network comes back, so an ended profile shows at once", async () => {
    loggedIn(contesto([FAC], true, { FAC: ['tab.home'] }))
    writeSessionData({ profile: FAC })
    const { calls } = provider(contesto([], true))
    const off = subscribeSession(() => undefined)
    await vi.waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/contesto').length).toBeGreaterThan(0))
    // the start's refresh has run: undo its effect and check the 'online' event alone does it again
    writeSessionData({ user: contesto([FAC], true, { FAC: ['tab.home'] }), profile: FAC, endedProfile: null })
    const before = calls.filter((c) => c.url.pathname === '/api/contesto').length
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(getSessionState().profiloNonAttivo?.codiceRuolo).toBe('FAC'))
    expect(calls.filter((c) => c.url.pathname === '/api/contesto').length).toBe(before + 1)
    expect(getSessionState().profilo).toBeNull()
    off()
  })

  it('chooseProfile keeps the session when the server refuses', async () => {
    const user = loggedIn()
    provider(user)
    await chooseProfile(profile('DTD'))
    expect(readProfile()).toBeNull()
    expect(navigateTo).not.toHaveBeenCalled()
  })

  it('confirmRegistration sends the consent, waits 2 s, then chooses the single profile', async () => {
    loggedIn(contesto([], false))
    const { calls } = provider(contesto([FAC]))
    const started = Date.now()
    const out = await confirmRegistration({ nome: 'Anna', cognome: 'Lombardi', email: 'anna@example.it', telefono: '3331234567', codiceFiscale: 'LMBNNA90L43B354D' })
    expect(Date.now() - started).toBeGreaterThanOrEqual(1990)
    expect(out.to).toBe('/')
    const body = JSON.parse(calls.find((c) => c.url.pathname === '/api/contesto/confermaIntegrazione')!.body)
    expect(body).toMatchObject({ nome: 'Anna', abilitazioneConsensoTrattamentoDatiPersonali: true })
    expect(getSessionState().profilo?.codiceRuolo).toBe('FAC')
    expect(navigateTo).toHaveBeenCalledWith('/', { replace: true })
  })

  it('logout clears the session and goes to the provider end-session endpoint', async () => {
    markProviderLogoutPending(false)
    loggedIn()
    const idToken = readAuth()!.id_token
    provider(contesto([FAC]))
    await logout()
    expect(readAuth()).toBeNull()
    expect(readUser()).toBeNull()
    expect(getSessionState().status).toBe('anonymous')
    const url = new URL(vi.mocked(redirectBrowser).mock.calls[0]![0])
    expect(url.pathname).toBe('/oidc/session/end')
    expect(url.searchParams.get('id_token_hint')).toBe(idToken)
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${location.origin}/`)
    expect(providerLogoutPending()).toBe(false)
  })

  it("logout empties the query cache (the managers' lists stay in no memory for the next user)", async () => {
    loggedIn()
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    queryClient.setQueryData(['cittadini', 'elenco'], [{ codiceFiscale: 'BNCMRC69S02H501X' }])
    await logout()
    expect(queryClient.getQueryData(['cittadini', 'elenco'])).toBeUndefined()
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0)
  })

  it('logout offline clears locally and goes home', async () => {
    loggedIn()
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const { fn } = installFetch({})
    await logout()
    expect(readAuth()).toBeNull()
    expect(fn).not.toHaveBeenCalled()
    expect(redirectBrowser).not.toHaveBeenCalled()
    expect(navigateTo).toHaveBeenCalledWith('/', { replace: true })
    // the provider's session is still open: the next login must show its form again
    expect(providerLogoutPending()).toBe(true)
  })

  it('logout offline goes home once, at once: a user who moved on while the clean-up runs is not pulled back', async () => {
    loggedIn()
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    let release!: () => void
    const off = onLogout(() => new Promise<void>((r) => (release = r)))
    const done = logout()
    await vi.waitFor(() => expect(release).toBeTypeOf('function'))
    // home with 'Accedi' already, while the device clean-up still runs
    expect(getSessionState().status).toBe('anonymous')
    expect(navigateTo).toHaveBeenCalledTimes(1)
    expect(navigateTo).toHaveBeenCalledWith('/', { replace: true })
    release()
    await done
    off()
    expect(navigateTo).toHaveBeenCalledTimes(1)
  })

  it('a login started during an offline logout waits for it and asks the provider for its form (prompt=login)', async () => {
    markProviderLogoutPending(false)
    loggedIn()
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    let release!: () => void
    const off = onLogout(() => new Promise<void>((r) => (release = r)))
    const done = logout()
    await vi.waitFor(() => expect(release).toBeTypeOf('function'))
    onLine.mockReturnValue(true)
    installFetch({ 'GET /oidc/.well-known/openid-configuration': () => json(200, DISCOVERY(location.origin)) })
    const login = startLogin('spid')
    await new Promise((r) => setTimeout(r, 20))
    expect(redirectBrowser).not.toHaveBeenCalled()
    release()
    await done
    await login
    off()
    const url = new URL(vi.mocked(redirectBrowser).mock.calls[0]![0])
    expect(url.pathname).toBe('/oidc/auth')
    expect(url.searchParams.get('prompt')).toBe('login')
  })

  it("a login started while the logout leaves for the provider's end-session page does not cancel that redirect", async () => {
    loggedIn()
    provider(contesto([FAC]))
    const done = logout()
    const login = startLogin('spid')
    await done
    await login
    expect(redirectBrowser).toHaveBeenCalledTimes(1)
    expect(new URL(vi.mocked(redirectBrowser).mock.calls[0]![0]).pathname).toBe('/oidc/session/end')
  })

  it('a stored session survives a restart and is flagged offline when started without network', () => {
    loggedIn()
    writeSessionData({ profile: FAC })
    resetSessionForTests(true)
    const s = getSessionState()
    expect(s).toMatchObject({ status: 'authenticated', isOfflineSession: true })
    expect(s.profilo?.codiceRuolo).toBe('FAC')
    expect(s.user?.nome).toBe('Sara')
  })
})
