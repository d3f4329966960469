import { describe, expect, it } from 'vitest'
import { base64UrlEncode, computeCodeChallenge, createCodeVerifier, createNonce, createPkcePair, createState } from '../../src/auth/pkce'

// RFC 7636 Appendix B
const RFC_OCTETS = [116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214, 191, 240, 91, 88, 5, 88, 83, 132, 141, 121]
const RFC_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'
const RFC_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'

describe('PKCE S256 (RFC 7636)', () => {
  it('encodes base64url without padding', () => {
    expect(base64UrlEncode(new Uint8Array(RFC_OCTETS))).toBe(RFC_VERIFIER)
    expect(base64UrlEncode(new Uint8Array([0xfb, 0xff, 0xfe]))).toBe('-__-')
    expect(base64UrlEncode(new Uint8Array([1]))).toBe('AQ')
  })

  it('computes the RFC 7636 test vector challenge', async () => {
    expect(await computeCodeChallenge(RFC_VERIFIER)).toBe(RFC_CHALLENGE)
  })

  it('creates verifiers of 43 unreserved characters, different each time', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 50; i++) {
      const v = createCodeVerifier()
      expect(v).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/)
      expect(v).toHaveLength(43)
      seen.add(v)
    }
    expect(seen.size).toBe(50)
  })

  it('pairs a verifier with its challenge', async () => {
    const pair = await createPkcePair()
    expect(pair.method).toBe('S256')
    expect(pair.challenge).toBe(await computeCodeChallenge(pair.verifier))
    expect(pair.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('creates random state and nonce', () => {
    expect(createState()).not.toBe(createState())
    expect(createNonce()).toMatch(/^[A-Za-z0-9_-]{32}$/)
  })
})
