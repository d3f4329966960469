// @vitest-environment node
/**
 * `createTokenVerifier` (platform-backend §16.1 fixed): signature, issuer, audience and expiry are
 * checked; the fiscal code loses only a leading `TINIT-`.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { importJWK, SignJWT, type JWK } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTokenVerifier, fiscalCodeFromClaim } from '../../../server/auth/verify-token'
import { ApiError } from '../../../server/errors'
import { generateSigningJwk, toPublicJwk } from '../../../server/oidc/keys'

const ISSUER = 'http://127.0.0.1:8080/oidc'
const AUD = 'punto-digitale'
const CF = 'RMNSRA92E51A944H'

let key: JWK
let otherKey: JWK

async function sign(claims: Record<string, unknown>, opts: { jwk?: JWK; iss?: string; aud?: string; expOffset?: number } = {}) {
  const jwk = opts.jwk ?? key
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: key.kid })
    .setIssuer(opts.iss ?? ISSUER)
    .setAudience(opts.aud ?? AUD)
    .setIssuedAt(now)
    .setExpirationTime(now + (opts.expOffset ?? 3600))
    .sign(await importJWK(jwk, 'RS256'))
}

async function expectA08(promise: Promise<unknown>) {
  const err = await promise.then(() => undefined, (e: unknown) => e)
  expect(err).toBeInstanceOf(ApiError)
  expect(err).toMatchObject({ status: 401, errorCode: 'A08' })
}

beforeAll(async () => {
  key = await generateSigningJwk()
  otherKey = await generateSigningJwk()
})

describe('fiscalCodeFromClaim', () => {
  it.each([
    ['TINIT-RMNSRA92E51A944H', CF],
    ['rmnsra92e51a944h', CF],
    [' TINIT-rmnsra92e51a944h ', CF],
  ])('%s → %s', (input, expected) => expect(fiscalCodeFromClaim(input)).toBe(expected))

  it.each([
    'XX-TINIT-RMNSRA92E51A944H', // not a leading prefix: no split on '-'
    'TINIT-RMNSRA92E51A944', // 15 chars
    'TINIT-RMNSRA92E51A944H-EXTRA',
    'TINIT-RMNSRA92-51A944H',
    '',
  ])('rejects %s', (input) => expect(fiscalCodeFromClaim(input)).toBeUndefined())

  it('rejects non-strings', () => expect(fiscalCodeFromClaim(42)).toBeUndefined())
})

describe('createTokenVerifier with a local key set', () => {
  const verifier = () => createTokenVerifier({ issuer: ISSUER, audience: AUD, fiscalCodeClaim: 'fiscalNumber', jwks: { keys: [toPublicJwk(key)] } })

  it('accepts a valid token and returns the fiscal code', async () => {
    await expect(verifier()(await sign({ fiscalNumber: `TINIT-${CF}` }))).resolves.toEqual({ codiceFiscale: CF })
  })
  it('rejects a token signed by another key with the same kid', async () => {
    await expectA08(verifier()(await sign({ fiscalNumber: `TINIT-${CF}` }, { jwk: { ...otherKey, kid: key.kid } })))
  })
  it('rejects a tampered payload', async () => {
    const [h, , s] = (await sign({ fiscalNumber: `TINIT-${CF}` })).split('.')
    const forgedPayload = Buffer.from(JSON.stringify({ fiscalNumber: 'TINIT-FRRGLI78C54H501Q', iss: ISSUER, aud: AUD, exp: 9999999999 })).toString('base64url')
    await expectA08(verifier()(`${h}.${forgedPayload}.${s}`))
  })
  it('rejects an expired token', async () => {
    await expectA08(verifier()(await sign({ fiscalNumber: CF }, { expOffset: -600 })))
  })
  it('rejects a wrong issuer or audience', async () => {
    await expectA08(verifier()(await sign({ fiscalNumber: CF }, { iss: 'http://evil.example/oidc' })))
    await expectA08(verifier()(await sign({ fiscalNumber: CF }, { aud: 'altro-client' })))
  })
  it('rejects a token without a usable fiscal code claim, or garbage', async () => {
    await expectA08(verifier()(await sign({ sub: CF })))
    await expectA08(verifier()(await sign({ fiscalNumber: 'TINIT-NOTACF' })))
    await expectA08(verifier()('not.a.jwt'))
    await expectA08(verifier()('abc'))
  })
})

describe('createTokenVerifier with an external provider (discovery + remote JWKS)', () => {
  let server: Server
  let issuer: string
  beforeAll(async () => {
    server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json')
      if (req.url === '/realm/.well-known/openid-configuration') res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/certs` }))
      else if (req.url === '/realm/certs') res.end(JSON.stringify({ keys: [toPublicJwk(key)] }))
      else res.writeHead(404).end('{}')
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realm`
  })
  afterAll(() => new Promise<void>((r) => server.close(() => r())))

  it('discovers jwks_uri and verifies a configured claim', async () => {
    const verify = createTokenVerifier({ issuer, audience: AUD, fiscalCodeClaim: 'custom:fiscalNumber' })
    const token = await sign({ 'custom:fiscalNumber': `TINIT-${CF}` }, { iss: issuer })
    await expect(verify(token)).resolves.toEqual({ codiceFiscale: CF })
    await expectA08(verify(await sign({ 'custom:fiscalNumber': CF }, { iss: issuer, jwk: { ...otherKey, kid: key.kid } })))
  })

  it('uses OIDC_JWKS_URI when given; an unreachable key set is a 503, not a 401', async () => {
    const verify = createTokenVerifier({ issuer, audience: AUD, fiscalCodeClaim: 'fiscalNumber', jwksUri: `${issuer}/certs` })
    await expect(verify(await sign({ fiscalNumber: CF }, { iss: issuer }))).resolves.toEqual({ codiceFiscale: CF })
    const down = createTokenVerifier({ issuer: 'http://127.0.0.1:9/x', audience: AUD, fiscalCodeClaim: 'fiscalNumber' })
    const err = await down(await sign({ fiscalNumber: CF }, { iss: 'http://127.0.0.1:9/x' })).catch((e: unknown) => e)
    expect(err).toMatchObject({ status: 503 })
  })
})
