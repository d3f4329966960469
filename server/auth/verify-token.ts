/**
 * ID token verification (issue #2 point 4; fixes platform-backend §16.1: the signature IS verified
 * and the fiscal code is never found by splitting on '-').
 *
 * - Dev provider: verified against its own public JWKS held in memory (no HTTP to ourselves).
 * - External provider: `createRemoteJWKSet` on `OIDC_JWKS_URI`, or on the `jwks_uri` discovered at
 *   `<issuer>/.well-known/openid-configuration` (fetched once, retried after a failure).
 * Checks signature, `iss`, `aud` = client id, `exp` and `iat` (both required; 30 s clock tolerance), `iat`
 * not in the future, and a lifetime `exp - iat` of at most `maxTokenLifetime` (`OIDC_MAX_TOKEN_LIFETIME`):
 * a token minted to live for years is refused even when its signature is good.
 *
 * An unreachable provider (discovery or JWKS fetch failing) is remembered: for a back-off delay —
 * {@link KEY_SET_BACKOFF_MIN_MS}, doubling at each new failure up to {@link KEY_SET_BACKOFF_MAX_MS} —
 * tokens not already verified answer 503 `G04` at once, without a fetch; the first verification after
 * the delay tries again, and a success forgets the failures.
 *
 * Verified tokens are remembered (keyed by the exact token string, so a forged or altered token never
 * matches an entry) until their `exp` — without the tolerance — and at most {@link VERIFIED_TOKEN_MAX_AGE_MS};
 * the outbox replays hundreds of requests with one token, each would otherwise re-verify the signature.
 * Only successes are remembered: a refused token is checked again each time.
 */
import { createLocalJWKSet, createRemoteJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose'
import { DEFAULT_MAX_TOKEN_LIFETIME } from '../config'
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
  /** longest accepted lifetime `exp - iat`, seconds (default {@link DEFAULT_MAX_TOKEN_LIFETIME}) */
  maxTokenLifetime?: number
  /** clock in ms (tests): the verified-token cache and the back-off after a provider failure */
  now?: () => number
}

/** First back-off after the provider could not be reached (ms). */
export const KEY_SET_BACKOFF_MIN_MS = 5_000
/** Longest back-off (ms). */
export const KEY_SET_BACKOFF_MAX_MS = 5 * 60_000

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

/** The provider's keys could not be fetched (network, timeout, non-200, unreadable JWKS). */
class KeySetUnavailable extends Error {}

/** Key-set failures that are the token's fault (unknown `kid`, unsupported `alg`…): 401, not 503. */
const TOKEN_KEY_ERRORS = [joseErrors.JWKSNoMatchingKey, joseErrors.JWKSMultipleMatchingKeys, joseErrors.JOSENotSupported, joseErrors.JOSEAlgNotAllowed]

/** Refusals that come after the key set was read (signature or claims checked). */
const KEY_SET_READ_ERRORS = [joseErrors.JWKSNoMatchingKey, joseErrors.JWSSignatureVerificationFailed, joseErrors.JWTClaimValidationFailed, joseErrors.JWTExpired]

/** A remote key set whose fetch failures surface as {@link KeySetUnavailable}. */
function remoteKeySet(url: URL): JWTVerifyGetKey {
  const remote = createRemoteJWKSet(url)
  return async (header, token) => {
    try {
      return await remote(header, token)
    } catch (err) {
      if (TOKEN_KEY_ERRORS.some((E) => err instanceof E)) throw err
      throw new KeySetUnavailable('identity provider key set unavailable', { cause: err })
    }
  }
}

function discoveredKeySet(issuer: string): () => Promise<JWTVerifyGetKey> {
  let pending: Promise<JWTVerifyGetKey> | undefined
  return () => {
    pending ??= (async () => {
      const res = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(10_000) })
      if (!res.ok) throw new Error(`discovery answered ${res.status}`)
      const { jwks_uri: uri } = (await res.json()) as { jwks_uri?: string }
      if (!uri) throw new Error('discovery document has no jwks_uri')
      return remoteKeySet(new URL(uri))
    })().catch((err: unknown) => {
      pending = undefined
      throw new KeySetUnavailable('identity provider discovery failed', { cause: err })
    })
    return pending
  }
}

const providerUnavailable = () => new ApiError(503, 'G04', 'Il servizio di identità non è raggiungibile: riprova più tardi.')

/**
 * Builds the verifier. Failures throw `ApiError` 401 `A08` (bad signature, wrong issuer/audience,
 * expired, no `iat`, lifetime too long, malformed, no usable fiscal code) or 503 `G04` when the
 * provider's keys cannot be fetched (or could not be, less than the back-off delay ago).
 */
export function createTokenVerifier(opts: TokenVerifierOptions): TokenVerifier {
  let getKeySet: () => Promise<JWTVerifyGetKey>
  if (opts.jwks) {
    const local = createLocalJWKSet(opts.jwks)
    getKeySet = () => Promise.resolve(local)
  } else if (opts.jwksUri) {
    const remote = remoteKeySet(new URL(opts.jwksUri))
    getKeySet = () => Promise.resolve(remote)
  } else {
    getKeySet = discoveredKeySet(opts.issuer)
  }

  const cacheSize = opts.cacheSize ?? 1000
  const now = opts.now ?? Date.now
  const maxLifetime = opts.maxTokenLifetime ?? DEFAULT_MAX_TOKEN_LIFETIME
  /** the provider's last failure: no fetch before `retryAt`; `delay` doubles at each new failure */
  let outage: { retryAt: number; delay: number } | undefined
  /** token → fiscal code and the time (ms) until which it is trusted; insertion order = age */
  const verified = new Map<string, { codiceFiscale: string; until: number }>()

  const unavailable = () => {
    // failures of requests that were already in flight when the outage was recorded do not double it
    if (!outage || now() >= outage.retryAt) {
      const delay = outage ? Math.min(outage.delay * 2, KEY_SET_BACKOFF_MAX_MS) : KEY_SET_BACKOFF_MIN_MS
      outage = { retryAt: now() + delay, delay }
    }
    return providerUnavailable()
  }

  return async (jwt) => {
    const known = verified.get(jwt)
    if (known) {
      if (now() < known.until) return { codiceFiscale: known.codiceFiscale }
      verified.delete(jwt)
    }
    if (!jwt || jwt.split('.').length !== 3) throw unauthorized('A08')
    if (outage && now() < outage.retryAt) throw providerUnavailable()
    let payload: Record<string, unknown>
    try {
      const keySet = await getKeySet()
      ;({ payload } = await jwtVerify(jwt, keySet, {
        issuer: opts.issuer,
        audience: opts.audience,
        requiredClaims: ['exp', 'iat'],
        // iat not in the future (beyond the tolerance) and no older than the longest lifetime
        maxTokenAge: maxLifetime,
        clockTolerance: 30,
      }))
      outage = undefined
    } catch (err) {
      if (err instanceof KeySetUnavailable) throw unavailable()
      // refused after the key set was read: the provider is reachable again
      if (KEY_SET_READ_ERRORS.some((E) => err instanceof E)) outage = undefined
      throw unauthorized('A08')
    }
    if (Number(payload.exp) - Number(payload.iat) > maxLifetime) throw unauthorized('A08')
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
