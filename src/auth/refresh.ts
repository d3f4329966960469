/**
 * Token refresh (spec 000 §4 "Session refresh", §9): when the time since `session_timestamp` is at least
 * `expires_in − 600` s and a refresh token exists, the tokens are refreshed at the provider. Offline the
 * session is kept as it is and refreshed once back online; a refresh answered 400/401 marks the session
 * expired (the user stays in the app and is asked to log in again: src/auth/session-end.ts, issue 24
 * point 7), and no refresh is tried again until new tokens exist.
 */
import { isHTTPError } from 'ky'
import { getAppConfig } from '../api/config'
import { getDiscovery, refreshTokenGrant } from './oidc'
import { DEFAULT_EXPIRES_IN, readAuth, readSessionExpired, writeAuth, type StoredAuth } from './token-store'
import { sessionRefused } from './session-end'

/** Seconds before expiry at which the tokens are refreshed. */
export const REFRESH_MARGIN_S = 600

/** The refresh rule: refresh token present and elapsed ≥ expires_in − 600 s (`nowMs` in ms epoch). */
export function isRefreshDue(auth: Pick<StoredAuth, 'refresh_token' | 'expires_in' | 'session_timestamp'> | null, nowMs: number = Date.now()): boolean {
  if (!auth?.refresh_token) return false
  const lifetime = auth.expires_in > 0 ? auth.expires_in : DEFAULT_EXPIRES_IN
  const elapsedS = (nowMs - auth.session_timestamp) / 1000
  return elapsedS >= lifetime - REFRESH_MARGIN_S
}

let inflight: Promise<boolean> | null = null

/**
 * Refreshes now (one call at a time). Resolves true when new tokens were stored; false when there is no
 * refresh token, the network failed (session kept) or the provider refused (then the session is marked expired).
 */
export function refreshTokens(): Promise<boolean> {
  inflight ??= (async () => {
    const auth = readAuth()
    if (!auth?.refresh_token) return false
    const config = getAppConfig()
    try {
      const discovery = await getDiscovery(config.oidc.issuer)
      const res = await refreshTokenGrant(discovery, config, auth.refresh_token)
      if (readAuth()?.refresh_token !== auth.refresh_token) return false // logged out or refreshed meanwhile
      writeAuth({
        id_token: res.id_token ?? auth.id_token,
        refresh_token: res.refresh_token ?? auth.refresh_token,
        expires_in: res.expires_in ?? DEFAULT_EXPIRES_IN,
        session_timestamp: Date.now(),
      })
      return true
    } catch (e) {
      if (isHTTPError(e) && (e.response.status === 400 || e.response.status === 401)) await sessionRefused({ refreshRefused: true, refusedIdToken: auth.id_token })
      return false
    }
  })().finally(() => {
    inflight = null
  })
  return inflight
}

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false

/** Refreshes when the rule says so and the device is online (never on a session marked expired); otherwise does nothing. */
export async function ensureFreshToken(nowMs: number = Date.now()): Promise<void> {
  if (isOnline() && !readSessionExpired() && isRefreshDue(readAuth(), nowMs)) await refreshTokens()
}
