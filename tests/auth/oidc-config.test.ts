import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { APP_CONFIG_STORAGE_KEY, defaultAppConfig, getAppConfig, loadAppConfig, parseAppConfig, resetAppConfigForTests } from '../../src/api/config'
import { buildAuthorizeUrl, buildEndSessionUrl, decodeJwtPayload, fiscalCodeFromIdToken, type OidcDiscovery } from '../../src/auth/oidc'
import { DISCOVERY, fakeJwt, installFetch, json } from './helpers'

beforeEach(() => {
  localStorage.clear()
  resetAppConfigForTests()
})
afterEach(() => vi.unstubAllGlobals())

describe('app config', () => {
  const served = {
    apiBaseUrl: 'https://api.example.it/api/',
    oidc: { issuer: 'https://id.example.it/oidc', clientId: 'pd', scope: 'openid', redirectPath: '/auth', postLogoutRedirectPath: '/' },
    devIdentityProvider: true,
  }

  it('loads /app-config.json and caches it', async () => {
    installFetch({ 'GET /app-config.json': () => json(200, served) })
    const c = await loadAppConfig()
    expect(c.apiBaseUrl).toBe('https://api.example.it/api')
    expect(c.oidc.clientId).toBe('pd')
    expect(c.devIdentityProvider).toBe(true)
    expect(JSON.parse(localStorage.getItem(APP_CONFIG_STORAGE_KEY)!)).toMatchObject({ oidc: { issuer: 'https://id.example.it/oidc' } })
  })

  it('falls back to the cached copy, then to the defaults', async () => {
    localStorage.setItem(APP_CONFIG_STORAGE_KEY, JSON.stringify(served))
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch') }))
    expect((await loadAppConfig()).oidc.clientId).toBe('pd')
    resetAppConfigForTests()
    localStorage.clear()
    const c = await loadAppConfig()
    expect(c).toEqual(defaultAppConfig())
    expect(c.apiBaseUrl).toBe('/api')
    expect(c.oidc.issuer).toBe(`${location.origin}/oidc`)
    expect(c.oidc.clientId).toBe('punto-digitale')
    expect(getAppConfig()).toEqual(c)
  })

  it('ignores a malformed file', async () => {
    installFetch({ 'GET /app-config.json': () => json(200, { apiBaseUrl: 42 }) })
    expect((await loadAppConfig()).apiBaseUrl).toBe('/api')
    expect(parseAppConfig('nope')).toBeNull()
    expect(parseAppConfig({})).toEqual(defaultAppConfig())
  })
})

describe('OIDC URLs and tokens', () => {
  const d: OidcDiscovery = DISCOVERY('https://pd.example.it')
  const config = { ...defaultAppConfig(), oidc: { ...defaultAppConfig().oidc, issuer: d.issuer } }

  it('builds the authorization request with PKCE S256, state, nonce and no prompt by default', () => {
    const url = new URL(buildAuthorizeUrl(d, config, { challenge: 'CH', state: 'ST', nonce: 'NO', redirectUri: 'https://pd.example.it/auth' }))
    expect(url.origin + url.pathname).toBe('https://pd.example.it/oidc/auth')
    const q = url.searchParams
    expect(q.get('response_type')).toBe('code')
    expect(q.get('client_id')).toBe('punto-digitale')
    expect(q.get('scope')).toBe('openid offline_access')
    expect(q.get('code_challenge')).toBe('CH')
    expect(q.get('code_challenge_method')).toBe('S256')
    expect(q.get('state')).toBe('ST')
    expect(q.get('nonce')).toBe('NO')
    expect(q.get('redirect_uri')).toBe('https://pd.example.it/auth')
    expect(q.has('prompt')).toBe(false)
  })

  it('adds the prompt the app config names (providers that need prompt=consent for refresh tokens)', () => {
    const withPrompt = parseAppConfig({ oidc: { prompt: 'consent' } })!
    expect(withPrompt.oidc.prompt).toBe('consent')
    const url = new URL(buildAuthorizeUrl(d, withPrompt, { challenge: 'c', state: 's', nonce: 'n', redirectUri: 'x:/' }))
    expect(url.searchParams.get('prompt')).toBe('consent')
    const forced = new URL(buildAuthorizeUrl(d, withPrompt, { challenge: 'c', state: 's', nonce: 'n', redirectUri: 'x:/', forceLogin: true }))
    expect(forced.searchParams.get('prompt')).toBe('login consent')
    const plain = new URL(buildAuthorizeUrl(d, config, { challenge: 'c', state: 's', nonce: 'n', redirectUri: 'x:/', forceLogin: true }))
    expect(plain.searchParams.get('prompt')).toBe('login')
  })

  it('builds the end-session URL with id_token_hint and the post-logout redirect', () => {
    const url = new URL(buildEndSessionUrl(d, config, 'the.id.token')!)
    expect(url.pathname).toBe('/oidc/session/end')
    expect(url.searchParams.get('id_token_hint')).toBe('the.id.token')
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${location.origin}/`)
    expect(buildEndSessionUrl({ ...d, end_session_endpoint: undefined }, config, 'x')).toBeNull()
  })

  it('reads the payload and the SPID-style fiscal number of an ID token', () => {
    const jwt = fakeJwt({ sub: 'abc', nonce: 'n1', fiscalNumber: 'TINIT-RMNSRA92E51A944H' })
    expect(decodeJwtPayload(jwt)).toMatchObject({ sub: 'abc', nonce: 'n1' })
    expect(fiscalCodeFromIdToken(jwt)).toBe('RMNSRA92E51A944H')
    expect(fiscalCodeFromIdToken(fakeJwt({ fiscalNumber: 'TINIT-AB-CD' }))).toBe('AB-CD')
    expect(decodeJwtPayload('garbage')).toBeNull()
  })
})
