/**
 * A minimal "browser" over `app.inject` for the OIDC flow tests: a cookie jar (paths ignored,
 * expired cookies dropped), PKCE pairs, and the authorization-code login through our login page.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { TEST_HOST, TEST_PUBLIC_URL } from '../helpers'

export const CLIENT_ID = 'punto-digitale'
export const REDIRECT_URI = `${TEST_PUBLIC_URL}/auth`

export class Browser {
  private readonly jar = new Map<string, string>()
  constructor(private readonly app: FastifyInstance) {}

  private store(res: LightMyRequestResponse) {
    const raw = res.headers['set-cookie']
    const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)]
    for (const line of list) {
      const [pair = '', ...attrs] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a))
      if (expired || value === '') this.jar.delete(name)
      else this.jar.set(name, value)
    }
  }

  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>): Promise<LightMyRequestResponse> {
    const target = new URL(url, TEST_PUBLIC_URL)
    const headers: Record<string, string> = { host: TEST_HOST, accept: 'text/html' }
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ')
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded'
    const res = await this.app.inject({
      method,
      url: target.pathname + target.search,
      headers,
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    })
    this.store(res)
    return res
  }
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url')
  const challenge = createHash('sha256').update(verifier).digest('base64url')
  return { verifier, challenge }
}

export function authorizeUrl(challenge: string, state = 'stato-di-prova') {
  const params = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    scope: 'openid offline_access',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    nonce: 'nonce-di-prova',
  })
  return `/oidc/auth?${params}`
}

export function location(res: LightMyRequestResponse): string {
  const loc = res.headers.location
  expect(loc, `expected a redirect, got ${res.statusCode}: ${res.body.slice(0, 300)}`).toBeTypeOf('string')
  return String(loc)
}

/** authorize → login page → POST fiscal code → back to the app; resolves to the code and the page HTML. */
export async function loginForCode(browser: Browser, codiceFiscale: string) {
  const { verifier, challenge } = pkcePair()
  const start = await browser.request('GET', authorizeUrl(challenge))
  expect(start.statusCode).toBe(303)
  const interactionUrl = location(start)
  expect(interactionUrl).toMatch(/^\/oidc\/interaction\/[\w-]+$/)
  const page = await browser.request('GET', interactionUrl)
  expect(page.statusCode).toBe(200)
  const posted = await browser.request('POST', `${interactionUrl}/login`, { codiceFiscale })
  expect(posted.statusCode).toBe(303)
  const resumed = await browser.request('GET', location(posted))
  const callback = new URL(location(resumed))
  expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI)
  expect(callback.searchParams.get('state')).toBe('stato-di-prova')
  const code = callback.searchParams.get('code')
  expect(code).toBeTruthy()
  return { code: code as string, verifier, loginPage: page.body, interactionUrl }
}

/** Form-encoded POST to the token endpoint (as the app does). */
export async function tokenRequest(app: FastifyInstance, form: Record<string, string>) {
  const res = await app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { host: TEST_HOST, 'content-type': 'application/x-www-form-urlencoded', origin: TEST_PUBLIC_URL },
    payload: new URLSearchParams(form).toString(),
  })
  return { res, json: res.json() as Record<string, string> }
}
