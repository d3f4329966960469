/**
 * PKCE (RFC 7636, method S256) and the random `state`/`nonce` of the authorization request, with the
 * Web Crypto API only. `crypto.subtle` exists only in secure contexts (https, localhost, 127.0.0.1).
 */

/** base64url without padding (RFC 4648 §5). */
export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** `byteLength` random bytes as base64url (32 bytes → 43 characters of [A-Za-z0-9_-]). */
export function randomBase64Url(byteLength = 32): string {
  const bytes = new Uint8Array(byteLength)
  crypto.getRandomValues(bytes)
  return base64UrlEncode(bytes)
}

/** A code verifier of 43 characters from the RFC 7636 unreserved set (32 random bytes). */
export function createCodeVerifier(): string {
  return randomBase64Url(32)
}

/** True when `crypto.subtle` is usable (secure context). */
export function isPkceSupported(): boolean {
  return typeof crypto !== 'undefined' && typeof crypto.subtle?.digest === 'function'
}

/** code_challenge = base64url(SHA-256(ASCII(verifier))). */
export async function computeCodeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))
  return base64UrlEncode(new Uint8Array(digest))
}

export interface PkcePair {
  verifier: string
  challenge: string
  method: 'S256'
}

export async function createPkcePair(): Promise<PkcePair> {
  const verifier = createCodeVerifier()
  return { verifier, challenge: await computeCodeChallenge(verifier), method: 'S256' }
}

/** Opaque anti-CSRF value echoed by the provider. */
export function createState(): string {
  return randomBase64Url(24)
}

/** Value bound into the ID token (`nonce` claim). */
export function createNonce(): string {
  return randomBase64Url(24)
}
