// @vitest-environment node
/**
 * `createTokenVerifier` (platform-backend §16.1 fixed): signature, issuer, audience and expiry are
 * checked; the fiscal code loses only a leading `TINIT-`; `iat` is required and a lifetime longer than
 * the configured maximum is refused; an unreachable provider is remembered with a growing back-off.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { importJWK, SignJWT, type JWK } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTokenVerifier, fiscalCodeFromClaim, KEY_SET_BACKOFF_MAX_MS, KEY_SET_BACKOFF_MIN_MS } from '../../../server/auth/verify-token'
import { ApiError } from '../../../server/errors'
import { generateSigningJwk, toPublicJwk } from '../../../server/oidc/keys'

const ISSUER = 'http://127.0.0.1:8080/oidc'
const AUD = 'punto-digitale'
const CF = 'RMNSRA92E51A944H'

let key: JWK
let otherKey: JWK

async function sign(claims: Record<string, unknown>, opts: { jwk?: JWK; iss?: string; aud?: string; expOffset?: number; iatOffset?: number | null } = {}) {
  const jwk = opts.jwk ?? key
  const now = Math.floor(Date.now() / 1000)
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: key.kid })
    .setIssuer(opts.iss ?? ISSUER)
    .setAudience(opts.aud ?? AUD)
    .setExpirationTime(now + (opts.expOffset ?? 3600))
  if (opts.iatOffset !== null) jwt.setIssuedAt(now + (opts.iatOffset ?? 0))
  return jwt.sign(await importJWK(jwk, 'RS256'))
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
  it('rejects a token living longer than the maximum (default 24 h), one without iat, one issued in the future', async () => {
    const TEN_YEARS = 10 * 365 * 86_400
    await expectA08(verifier()(await sign({ fiscalNumber: CF }, { expOffset: TEN_YEARS })))
    await expectA08(verifier()(await sign({ fiscalNumber: CF }, { expOffset: 86_400 + 60 })))
    await expect(verifier()(await sign({ fiscalNumber: CF }, { expOffset: 86_400 }))).resolves.toEqual({ codiceFiscale: CF })
    await expectA08(verifier()(await sign({ fiscalNumber: CF }, { iatOffset: null })))
    // iat pushed into the future to make the lifetime look short
    await expectA08(verifier()(await sign({ fiscalNumber: CF }, { iatOffset: TEN_YEARS - 3600, expOffset: TEN_YEARS })))
    // a token issued long ago and still valid is, by definition, a long-lived one
    await expectA08(verifier()(await sign({ fiscalNumber: CF }, { iatOffset: -2 * 86_400, expOffset: 600 })))
  })

  it('applies a configured maximum lifetime', async () => {
    const strict = createTokenVerifier({ issuer: ISSUER, audience: AUD, fiscalCodeClaim: 'fiscalNumber', jwks: { keys: [toPublicJwk(key)] }, maxTokenLifetime: 600 })
    await expect(strict(await sign({ fiscalNumber: CF }, { expOffset: 600 }))).resolves.toEqual({ codiceFiscale: CF })
    await expectA08(strict(await sign({ fiscalNumber: CF }, { expOffset: 3600 })))
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
    expect(err).toMatchObject({ status: 503, errorCode: 'G04' })
  })
})

describe('createTokenVerifier with an unreachable provider', () => {
  let server: Server
  let issuer: string
  let up = false
  let discoveries = 0
  let jwksFetches = 0
  beforeAll(async () => {
    server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json')
      if (req.url === '/realm/.well-known/openid-configuration') {
        discoveries++
        if (!up) return void res.writeHead(503).end('{}')
        res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/certs` }))
      } else if (req.url === '/realm/certs') {
        jwksFetches++
        if (!up) return void res.writeHead(502).end('<html>Bad gateway</html>')
        res.end(JSON.stringify({ keys: [toPublicJwk(key)] }))
      } else res.writeHead(404).end('{}')
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realm`
  })
  afterAll(() => new Promise<void>((r) => server.close(() => r())))

  const outcome = (p: Promise<unknown>) => p.then(() => 'ok', (e: { status?: number; errorCode?: string }) => `${e.status} ${e.errorCode}`)

  it('remembers a failed discovery: 503 G04 at once, one fetch per back-off delay (5 s doubling to 5 min)', async () => {
    up = false
    discoveries = 0
    let clock = 1_000_000
    const verify = createTokenVerifier({ issuer, audience: AUD, fiscalCodeClaim: 'fiscalNumber', now: () => clock })
    const token = await sign({ fiscalNumber: CF }, { iss: issuer })

    const first = await Promise.all(Array.from({ length: 5 }, () => outcome(verify(token))))
    expect(first).toEqual(Array(5).fill('503 G04'))
    const afterFirst = discoveries
    expect(afterFirst).toBeGreaterThanOrEqual(1)
    for (let i = 0; i < 200; i++) expect(await outcome(verify(token))).toBe('503 G04')
    expect(discoveries).toBe(afterFirst)

    clock += KEY_SET_BACKOFF_MIN_MS - 1
    expect(await outcome(verify(token))).toBe('503 G04')
    expect(discoveries).toBe(afterFirst)
    clock += 1
    expect(await outcome(verify(token))).toBe('503 G04')
    expect(discoveries).toBe(afterFirst + 1)
    // the delay doubled: 5 s later is not enough, 10 s is
    clock += KEY_SET_BACKOFF_MIN_MS
    expect(await outcome(verify(token))).toBe('503 G04')
    expect(discoveries).toBe(afterFirst + 1)
    clock += KEY_SET_BACKOFF_MIN_MS
    expect(await outcome(verify(token))).toBe('503 G04')
    expect(discoveries).toBe(afterFirst + 2)
    // capped at 5 minutes
    for (let i = 0; i < 12; i++) {
      clock += KEY_SET_BACKOFF_MAX_MS
      await outcome(verify(token))
    }
    const capped = discoveries
    clock += KEY_SET_BACKOFF_MAX_MS
    expect(await outcome(verify(token))).toBe('503 G04')
    expect(discoveries).toBe(capped + 1)

    // back up: the next attempt after the delay succeeds and forgets the failures
    up = true
    clock += KEY_SET_BACKOFF_MAX_MS
    expect(await outcome(verify(token))).toBe('ok')
    expect(await outcome(verify(await sign({ fiscalNumber: `TINIT-${CF}` }, { iss: issuer })))).toBe('ok')
  })

  it('treats a JWKS answering 502 as the provider being down (503), not as a bad token (401), with the same back-off', async () => {
    up = false
    jwksFetches = 0
    let clock = 5_000_000
    const verify = createTokenVerifier({ issuer, audience: AUD, fiscalCodeClaim: 'fiscalNumber', jwksUri: `${issuer}/certs`, now: () => clock })
    const token = await sign({ fiscalNumber: CF }, { iss: issuer })
    for (let i = 0; i < 50; i++) expect(await outcome(verify(token))).toBe('503 G04')
    expect(jwksFetches).toBe(1)
    up = true
    clock += KEY_SET_BACKOFF_MIN_MS
    expect(await outcome(verify(token))).toBe('ok')
    // a forged token against a reachable provider is still a 401
    expect(await outcome(verify(await sign({ fiscalNumber: CF }, { iss: issuer, jwk: { ...otherKey, kid: key.kid } })))).toBe('401 A08')
  })
})
