// @vitest-environment node
/**
 * The development identity provider end to end through `app.inject` (issue #2 point 5):
 * authorization code + PKCE through our login page, token exchange form-encoded, ID token claims and
 * signature, refresh, unknown fiscal code, persistence of keys and refresh tokens across instances.
 */
import { rmSync } from 'node:fs'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTokenVerifier } from '../../../server/auth/verify-token'
import { apiCall, createTestServer, tempDir, TEST_HOST, TEST_PUBLIC_URL, type TestServer } from '../helpers'
import { Browser, CLIENT_ID, REDIRECT_URI, authorizeUrl, location, loginForCode, pkcePair, tokenRequest } from './browser'

const SARA = 'RMNSRA92E51A944H'

describe('dev OIDC provider: authorization code + PKCE', () => {
  let dataDir: string
  let server: TestServer

  beforeAll(async () => {
    dataDir = tempDir('oidc')
    server = await createTestServer({ dataDir })
  })
  afterAll(async () => {
    await server?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('advertises the /oidc endpoints and PKCE S256 in discovery', async () => {
    const res = await server.app.inject({ url: '/oidc/.well-known/openid-configuration', headers: { host: TEST_HOST } })
    expect(res.statusCode).toBe(200)
    const doc = res.json() as Record<string, unknown>
    expect(doc.issuer).toBe(`${TEST_PUBLIC_URL}/oidc`)
    expect(doc.token_endpoint).toBe(`${TEST_PUBLIC_URL}/oidc/token`)
    expect(doc.end_session_endpoint).toBe(`${TEST_PUBLIC_URL}/oidc/session/end`)
    expect(doc.code_challenge_methods_supported).toEqual(['S256'])
  })

  it('refuses an authorization request without PKCE', async () => {
    const url = authorizeUrl('x').replace(/&code_challenge=[^&]*&code_challenge_method=S256/, '')
    const res = await new Browser(server.app).request('GET', url)
    const target = res.headers.location ? new URL(String(res.headers.location)) : undefined
    expect(target?.searchParams.get('error') ?? res.body).toMatch(/invalid_request|PKCE/)
  })

  it('logs in through the Italian test page and issues tokens carrying the fiscal code', async () => {
    const browser = new Browser(server.app)
    const { code, verifier, loginPage } = await loginForCode(browser, ' rmnsra92e51a944h ')

    expect(loginPage).toContain('<html lang="it">')
    expect(loginPage).toContain('Ambiente di prova')
    expect(loginPage).toMatch(/<label for="codice-fiscale">Codice fiscale<\/label>/)
    expect(loginPage).toMatch(/<input[^>]+id="codice-fiscale"[^>]+autocomplete="off"/)
    expect(loginPage).toMatch(/<button type="submit"[^>]*>Entra<\/button>/)
    expect(loginPage).toContain(SARA)
    expect(loginPage).toContain('data-cf="RSSLSN77R19G478N"')

    const { res, json } = await tokenRequest(server.app, {
      grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID, code_verifier: verifier,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['access-control-allow-origin']).toBe(TEST_PUBLIC_URL)
    expect(json.id_token).toBeTruthy()
    expect(json.refresh_token).toBeTruthy()
    expect(Number(json.expires_in)).toBe(3600)

    const claims = decodeJwt(json.id_token as string)
    expect(claims.fiscalNumber).toBe(`TINIT-${SARA}`)
    expect(claims.sub).toBe(SARA)
    expect(claims.given_name).toBe('Sara')
    expect(claims.family_name).toBe('Romano')
    expect(claims.aud).toBe(CLIENT_ID)
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600)

    const jwks = (await server.app.inject({ url: '/oidc/jwks', headers: { host: TEST_HOST } })).json() as { keys: [] }
    const verify = createTokenVerifier({ issuer: server.config.oidc.issuer, audience: CLIENT_ID, fiscalCodeClaim: 'fiscalNumber', jwks })
    await expect(verify(json.id_token as string)).resolves.toEqual({ codiceFiscale: SARA })

    // the API accepts it
    const contesto = await apiCall(server.app, { url: '/api/contesto', token: json.id_token, body: {} })
    expect(contesto.statusCode, contesto.body).toBe(200)
    expect((contesto.json() as { codiceFiscale: string }).codiceFiscale).toBe(SARA)

    // a refresh returns a new ID token for the same person
    const refreshed = await tokenRequest(server.app, { grant_type: 'refresh_token', refresh_token: json.refresh_token as string, client_id: CLIENT_ID })
    expect(refreshed.res.statusCode, refreshed.res.body).toBe(200)
    expect(refreshed.json.id_token).toBeTruthy()
    // public client: the refresh token rotates, the old one is spent
    expect(refreshed.json.refresh_token).toBeTruthy()
    expect(refreshed.json.refresh_token).not.toBe(json.refresh_token)
    await expect(verify(refreshed.json.id_token as string)).resolves.toEqual({ codiceFiscale: SARA })
    expect(decodeJwt(refreshed.json.id_token as string).fiscalNumber).toBe(`TINIT-${SARA}`)
    const reused = await tokenRequest(server.app, { grant_type: 'refresh_token', refresh_token: json.refresh_token as string, client_id: CLIENT_ID })
    expect(reused.res.statusCode).toBe(400)

    // a code is single-use
    const again = await tokenRequest(server.app, {
      grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID, code_verifier: verifier,
    })
    expect(again.res.statusCode).toBe(400)
    expect(again.json.error).toBe('invalid_grant')
  })

  it('signs a returning browser in without showing the page again (session + stored grant)', async () => {
    const browser = new Browser(server.app)
    await loginForCode(browser, SARA)
    const again = await browser.request('GET', authorizeUrl(pkcePair().challenge))
    expect(again.statusCode).toBe(303)
    const target = new URL(location(again))
    expect(`${target.origin}${target.pathname}`).toBe(REDIRECT_URI)
    expect(target.searchParams.get('code')).toBeTruthy()
  })

  it('rejects a wrong PKCE verifier at the token endpoint', async () => {
    const { code } = await loginForCode(new Browser(server.app), SARA)
    const { res, json } = await tokenRequest(server.app, {
      grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID, code_verifier: pkcePair().verifier,
    })
    expect(res.statusCode).toBe(400)
    expect(json.error).toBe('invalid_grant')
  })

  it('shows an Italian error for an unknown fiscal code and keeps what was typed', async () => {
    const browser = new Browser(server.app)
    const start = await browser.request('GET', authorizeUrl(pkcePair().challenge))
    const interactionUrl = location(start)
    const res = await browser.request('POST', `${interactionUrl}/login`, { codiceFiscale: 'ZZZZZZ00Z00Z000Z' })
    expect(res.statusCode).toBe(400)
    expect(res.headers['content-type']).toMatch(/text\/html/)
    expect(res.body).toContain('Codice fiscale non riconosciuto')
    expect(res.body).toMatch(/id="codice-fiscale"[^>]+value="ZZZZZZ00Z00Z000Z"[^>]+aria-invalid="true"/)

    const short = await browser.request('POST', `${interactionUrl}/login`, { codiceFiscale: 'abc<script>' })
    expect(short.statusCode).toBe(400)
    expect(short.body).toContain('16 caratteri')
    expect(short.body).toContain('value="abc&lt;script&gt;"')
  })

  it('lets the login form redirect to the app origin and its loopback twin (CSP form-action)', async () => {
    const browser = new Browser(server.app)
    const page = await browser.request('GET', location(await browser.request('GET', authorizeUrl(pkcePair().challenge))))
    const csp = String(page.headers['content-security-policy'])
    expect(csp).toMatch(/form-action 'self' http:\/\/127\.0\.0\.1:8080 http:\/\/localhost:8080/)
    expect(csp).not.toContain('upgrade-insecure-requests')
    const script = await browser.request('GET', '/oidc/assets/login.js')
    expect(script.statusCode).toBe(200)
    expect(script.headers['content-type']).toMatch(/javascript/)
  })

  it('ends the session through RP-initiated logout back to the app', async () => {
    const browser = new Browser(server.app)
    const { code, verifier } = await loginForCode(browser, SARA)
    const { json } = await tokenRequest(server.app, {
      grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID, code_verifier: verifier,
    })
    const params = new URLSearchParams({ id_token_hint: json.id_token as string, post_logout_redirect_uri: `${TEST_PUBLIC_URL}/` })
    const page = await browser.request('GET', `/oidc/session/end?${params}`)
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<html lang="it">')
    expect(page.body).toContain('/oidc/assets/logout.js')
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1]
    expect(xsrf).toBeTruthy()
    const confirmed = await browser.request('POST', '/oidc/session/end/confirm', { xsrf: xsrf as string, logout: 'yes' })
    expect(confirmed.statusCode).toBe(303)
    expect(location(confirmed)).toBe(`${TEST_PUBLIC_URL}/`)
    // the refresh token of that grant no longer works
    const refreshed = await tokenRequest(server.app, { grant_type: 'refresh_token', refresh_token: json.refresh_token as string, client_id: CLIENT_ID })
    expect(refreshed.res.statusCode).toBe(400)
  })

  it('keeps signing keys and refresh tokens across server instances on the same DATA_DIR and database', async () => {
    const browser = new Browser(server.app)
    const { code, verifier } = await loginForCode(browser, SARA)
    const { json } = await tokenRequest(server.app, {
      grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID, code_verifier: verifier,
    })
    const jwksBefore = (await server.app.inject({ url: '/oidc/jwks', headers: { host: TEST_HOST } })).json() as { keys: { kid: string }[] }

    const second = await createTestServer({ dataDir, database: server.database })
    try {
      const jwksAfter = (await second.app.inject({ url: '/oidc/jwks', headers: { host: TEST_HOST } })).json() as { keys: { kid: string }[] }
      expect(jwksAfter.keys.map((k) => k.kid)).toEqual(jwksBefore.keys.map((k) => k.kid))
      // the old ID token is still accepted by the new instance
      const contesto = await apiCall(second.app, { url: '/api/contesto', token: json.id_token, body: {} })
      expect(contesto.statusCode, contesto.body).toBe(200)
      // the refresh token was persisted in oidc_payload, not in memory
      const refreshed = await tokenRequest(second.app, { grant_type: 'refresh_token', refresh_token: json.refresh_token as string, client_id: CLIENT_ID })
      expect(refreshed.res.statusCode, refreshed.res.body).toBe(200)
      expect(decodeJwt(refreshed.json.id_token as string).sub).toBe(SARA)
    } finally {
      await second.close()
    }
  })
})
