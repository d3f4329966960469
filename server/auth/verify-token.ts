/**
 * ID token verification (issue #2 point 4; fixes platform-backend §16.1: the signature IS verified
 * and the fiscal code is never found by splitting on '-').
 *
 * - Dev provider: verified against its own public JWKS held in memory (no HTTP to ourselves).
 * - External provider: `createRemoteJWKSet` on `OIDC_JWKS_URI`, or on the `jwks_uri` discovered at
 *   `<issuer>/.well-known/openid-configuration` (fetched once, retried after a failure).
 * Checks signature, `iss`, `aud` = client id, `exp` (required; 30 s clock tolerance).
 *
 * Verified tokens are remembered (keyed by the exact token string, so a forged or altered token never
 * matches an entry) until their `exp` — without the tolerance — and at most {@link VERIFIED_TOKEN_MAX_AGE_MS};
 * the outbox replays hundreds of requests with one token, each would otherwise re-verify the signature.
 * Only successes are remembered: a refused token is checked again each time.
 */
import { createLocalJWKSet, createRemoteJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose'
import { ApiError, unauthorized } from '../errors'

export interface TokenVerifierOptions {
  issuer: string
  /** expected `aud` (the client id) */
  audience: string
  /** claim carrying the fiscal code, e.g. `fiscalNumber` */
  fiscalCodeClaim: string
  /** local key set (dev provider) */
  jwks?: JSONWebKeySet
  /** remote key set URL (external provider); discovered from the issuer when neither is given */
  jwksUri?: string
  /** how many verified tokens to remember (default 1000; 0 = none) */
  cacheSize?: number
  /** clock in ms (tests) */
  now?: () => number
}

/** A remembered verified token is trusted at most this long (ms), whatever its `exp`. */
export const VERIFIED_TOKEN_MAX_AGE_MS = 10 * 60_000

/** Verifies an ID token; resolves to the caller's fiscal code (16 upper-case alphanumerics). */
export type TokenVerifier = (jwt: string) => Promise<{ codiceFiscale: string }>

const FISCAL_CODE = /^[A-Z0-9]{16}$/

/**
 * Normalises a fiscal-code claim: strips only a leading `TINIT-` (SPID style), trims, upper-cases.
 * @returns the 16-char code, or undefined when the value is not a well-formed fiscal code
 */
export function fiscalCodeFromClaim(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const cf = value.trim().replace(/^TINIT-/i, '').toUpperCase()
  return FISCAL_CODE.test(cf) ? cf : undefined
}

function discoveredKeySet(issuer: string): () => Promise<JWTVerifyGetKey> {
  let pending: Promise<JWTVerifyGetKey> | undefined
  return () => {
    pending ??= (async () => {
      const res = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(10_000) })
      if (!res.ok) throw new Error(`discovery answered ${res.status}`)
      const { jwks_uri: uri } = (await res.json()) as { jwks_uri?: string }
      if (!uri) throw new Error('discovery document has no jwks_uri')
      return createRemoteJWKSet(new URL(uri))
    })().catch((err: unknown) => {
      pending = undefined
      throw err
    })
    return pending
  }
}

/** True for failures to reach the key set (not the caller's fault: 503, not 401). */
function isKeySetUnavailable(err: unknown): boolean {
  return err instanceof joseErrors.JWKSTimeout
    || (err instanceof Error && !(err instanceof joseErrors.JOSEError) && !(err instanceof ApiError))
}

/**
 * Builds the verifier. Failures throw `ApiError` 401 `A08` (bad signature, wrong issuer/audience,
 * expired, malformed, no usable fiscal code) or 503 `G01` when the provider's keys cannot be fetched.
 */
export function createTokenVerifier(opts: TokenVerifierOptions): TokenVerifier {
  let getKeySet: () => Promise<JWTVerifyGetKey>
  if (opts.jwks) {
    const local = createLocalJWKSet(opts.jwks)
    getKeySet = () => Promise.resolve(local)
  } else if (opts.jwksUri) {
    const remote = createRemoteJWKSet(new URL(opts.jwksUri))
    getKeySet = () => Promise.resolve(remote)
  } else {
    getKeySet = discoveredKeySet(opts.issuer)
  }

  const cacheSize = opts.cacheSize ?? 1000
  const now = opts.now ?? Date.now
  /** token → fiscal code and the time (ms) until which it is trusted; insertion order = age */
  const verified = new Map<string, { codiceFiscale: string; until: number }>()

  return async (jwt) => {
    const known = verified.get(jwt)
    if (known) {
      if (now() < known.until) return { codiceFiscale: known.codiceFiscale }
      verified.delete(jwt)
    }
    if (!jwt || jwt.split('.').length !== 3) throw unauthorized('A08')
    let payload: Record<string, unknown>
    try {
      const keySet = await getKeySet()
      ;({ payload } = await jwtVerify(jwt, keySet, {
        issuer: opts.issuer,
        audience: opts.audience,
        requiredClaims: ['exp'],
        clockTolerance: 30,
      }))
    } catch (err) {
      if (isKeySetUnavailable(err)) {
        throw new ApiError(503, 'G01', 'Il servizio di identità non è raggiungibile: riprova più tardi.')
      }
      throw unauthorized('A08')
    }
    const codiceFiscale = fiscalCodeFromClaim(payload[opts.fiscalCodeClaim])
    if (!codiceFiscale) throw unauthorized('A08')
    const until = Math.min(Number(payload.exp) * 1000, now() + VERIFIED_TOKEN_MAX_AGE_MS)
    if (cacheSize > 0 && Number.isFinite(until) && now() < until) {
      verified.set(jwt, { codiceFiscale, until })
      while (verified.size > cacheSize) verified.delete(verified.keys().next().value as string)
    }
    return { codiceFiscale }
  }
}
