/**
 * The bearer token of `/metrics` (`METRICS_TOKEN`): compared in constant time (SHA-256 digests of the
 * expected and the presented token, `timingSafeEqual`), so neither the length nor a prefix leaks.
 */
import { createHash, timingSafeEqual } from 'node:crypto'

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest()
const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i

/** A checker of `Authorization` header values against `token`. */
export function bearerChecker(token: string): (authorization: string | string[] | undefined) => boolean {
  const expected = digest(token)
  return (authorization) => {
    const value = Array.isArray(authorization) ? authorization[0] : authorization
    const presented = value === undefined ? undefined : BEARER.exec(value)?.[1]
    // the digest is computed whether or not a token was presented: same work either way
    return timingSafeEqual(digest(presented ?? ''), expected) && presented !== undefined
  }
}
