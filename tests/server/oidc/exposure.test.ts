// @vitest-environment node
/**
 * What a server tells browsers about its exposure: the development provider run with
 * `DEV_IDENTITY_PROVIDER=on` flags `/app-config.json` (the app's banner) and warns on its own pages; HSTS
 * only over https; Permissions-Policy everywhere; CSP style-src without `https:`; the dev login form is
 * rate-limited per client IP (the forwarded one behind a trusted proxy) with an Italian 429 page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../../server/db/index'
import { EXPOSED_WARNING } from '../../../server/oidc/layout'
import { renderLoginPage } from '../../../server/oidc/login-page'
import { DEV_LOGIN_LIMIT } from '../../../server/rate-limit'
import { generateSigningJwk } from '../../../server/oidc/keys'
import { createTestServer, openTestDatabase, TEST_HOST, type TestServer } from '../helpers'
import { secretsFileEnv } from '../secrets-fixture'

const escaped = (text: string) => text.replace(/'/g, '&#39;')

describe('exposure of the development provider and security headers', () => {
  let database: DatabaseHandle
  let local: TestServer
  let forced: TestServer

  beforeAll(async () => {
    database = await openTestDatabase()
    local = await createTestServer({ database })
    // not local: its secrets and signing key come from a file outside the data (issue 25 point 4)
    forced = await createTestServer({ database, env: { PUBLIC_URL: 'https://prova.example.it', TRUST_PROXY: 'true', DEV_IDENTITY_PROVIDER: 'on', ...secretsFileEnv(await generateSigningJwk()) } })
  })
  afterAll(async () => {
    await local?.close()
    await forced?.close()
    await database?.close()
  })

  const get = (s: TestServer, url: string, headers: Record<string, string> = {}) =>
    s.app.inject({ url, headers: { host: TEST_HOST, accept: 'text/html', ...headers } })

  it('flags /app-config.json only when DEV_IDENTITY_PROVIDER=on', async () => {
    expect((await get(forced, '/app-config.json')).json()).toMatchObject({ devIdentityProvider: true, devIdentityProviderWarning: true })
    expect((await get(local, '/app-config.json')).json()).toMatchObject({ devIdentityProvider: true, devIdentityProviderWarning: false })
  })

  it("warns on the provider's pages only when DEV_IDENTITY_PROVIDER=on", async () => {
    const exposedPage = await get(forced, '/oidc/interaction/sconosciuta')
    expect(exposedPage.statusCode).toBe(400)
    expect(exposedPage.body).toContain(escaped(EXPOSED_WARNING))
    const localPage = await get(local, '/oidc/interaction/sconosciuta')
    expect(localPage.body).toContain('Ambiente di prova')
    expect(localPage.body).not.toContain(escaped(EXPOSED_WARNING))
    const login = renderLoginPage({ action: '/x', identities: [], scriptSrc: '/s.js', exposed: true })
    expect(login).toContain(escaped(EXPOSED_WARNING))
    expect(login).toContain('Codice fiscale')
  })

  it('sends HSTS only when PUBLIC_URL is https', async () => {
    expect((await get(forced, '/')).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    expect((await get(local, '/')).headers['strict-transport-security']).toBeUndefined()
    expect((await get(local, '/app-config.json')).headers['strict-transport-security']).toBeUndefined()
  })

  it('denies unused browser features with Permissions-Policy, on the app, the API and the provider', async () => {
    for (const url of ['/', '/app-config.json', '/api/health/live', '/oidc/.well-known/openid-configuration', '/oidc/interaction/x']) {
      const policy = String((await get(local, url)).headers['permissions-policy'])
      expect(policy, url).toContain('camera=()')
      expect(policy, url).toContain('microphone=()')
      expect(policy, url).toContain('geolocation=()')
    }
  })

  it("restricts style-src to the server's own styles (no https:)", async () => {
    const csp = String((await get(local, '/')).headers['content-security-policy'])
    const styleSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('style-src '))
    expect(styleSrc).toBe("style-src 'self' 'unsafe-inline'")
    expect(csp).not.toMatch(/style-src[^;]*https:/)
  })

  it('limits the dev login form per client IP: 429 Italian page with Retry-After', async () => {
    const post = (remoteAddress: string) => local.app.inject({
      method: 'POST',
      url: '/oidc/interaction/sconosciuta/login',
      remoteAddress,
      headers: { host: TEST_HOST, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'codiceFiscale=RMNSRA92E51A944H',
    })
    for (let i = 0; i < DEV_LOGIN_LIMIT.max; i++) {
      const res = await post('192.0.2.10')
      expect(res.statusCode, `attempt ${i + 1}`).toBe(400)
    }
    const limited = await post('192.0.2.10')
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60)
    expect(String(limited.headers['content-type'])).toContain('text/html')
    expect(limited.body).toContain('Troppi tentativi di accesso')
    expect(limited.body).toContain('lang="it"')
    // another address is not affected
    expect((await post('192.0.2.11')).statusCode).toBe(400)
  })

  it('behind a trusted proxy, keys the limit by the forwarded client address', async () => {
    const post = (client: string) => forced.app.inject({
      method: 'POST',
      url: '/oidc/interaction/sconosciuta/login',
      remoteAddress: '10.0.0.1', // the proxy
      headers: { host: 'prova.example.it', 'x-forwarded-for': client, 'x-forwarded-proto': 'https', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'codiceFiscale=x',
    })
    for (let i = 0; i < DEV_LOGIN_LIMIT.max; i++) expect((await post('198.51.100.7')).statusCode).toBe(400)
    expect((await post('198.51.100.7')).statusCode).toBe(429)
    expect((await post('198.51.100.8')).statusCode).toBe(400)
  })
})
