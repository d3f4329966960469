// @vitest-environment node
/**
 * With `OIDC_ISSUER` set the dev provider is off: `/oidc` is not mounted, `/app-config.json` points at
 * the external issuer, the CSP lets the app reach it, and the API trusts the external provider's JWKS.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { importJWK, SignJWT, type JWK } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateSigningJwk, toPublicJwk } from '../../../server/oidc/keys'
import { apiCall, createTestServer, TEST_HOST, type TestServer } from '../helpers'

const SARA = 'RMNSRA92E51A944H'

describe('external identity provider', () => {
  let idp: Server
  let issuer: string
  let key: JWK
  let server: TestServer

  beforeAll(async () => {
    key = await generateSigningJwk()
    idp = createServer((req, res) => {
      res.setHeader('content-type', 'application/json')
      if (req.url === '/realm/.well-known/openid-configuration') res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/certs` }))
      else if (req.url === '/realm/certs') res.end(JSON.stringify({ keys: [toPublicJwk(key)] }))
      else res.writeHead(404).end('{}')
    })
    await new Promise<void>((r) => idp.listen(0, '127.0.0.1', () => r()))
    issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}/realm`
    server = await createTestServer({ env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'pd-esterno', OIDC_FISCAL_CODE_CLAIM: 'custom:fiscalNumber' } })
  })
  afterAll(async () => {
    await server?.close()
    await new Promise<void>((r) => idp.close(() => r()))
  })

  const token = async (claims: Record<string, unknown>, aud = 'pd-esterno') => new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: key.kid })
    .setIssuer(issuer).setAudience(aud).setIssuedAt().setExpirationTime('1h')
    .sign(await importJWK(key, 'RS256'))

  it('does not mount the dev provider', async () => {
    const res = await server.app.inject({ url: '/oidc/.well-known/openid-configuration', headers: { host: TEST_HOST } })
    expect(res.statusCode).toBe(404)
  })

  it('publishes the external issuer in /app-config.json and allows it in connect-src', async () => {
    const res = await server.app.inject({ url: '/app-config.json', headers: { host: TEST_HOST } })
    expect(res.json()).toMatchObject({ oidc: { issuer, clientId: 'pd-esterno' }, devIdentityProvider: false })
    expect(String(res.headers['content-security-policy'])).toContain(`connect-src 'self' http://127.0.0.1:${new URL(issuer).port}`)
  })

  it('accepts tokens of the external provider (configured claim) and rejects the wrong audience', async () => {
    const ok = await apiCall(server.app, { url: '/api/contesto', token: await token({ 'custom:fiscalNumber': `TINIT-${SARA}` }), body: {} })
    expect(ok.statusCode, ok.body).toBe(200)
    const wrongAud = await apiCall(server.app, { url: '/api/contesto', token: await token({ 'custom:fiscalNumber': SARA }, 'punto-digitale'), body: {} })
    expect(wrongAud.statusCode).toBe(401)
    expect(wrongAud.json()).toMatchObject({ errorCode: 'A08' })
  })
})
