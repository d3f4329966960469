/**
 * What the app does when the server (401) or the identity provider (a refused refresh) will not take the
 * session's tokens any more (issue 24 point 7). Spec 000 §8 says "HTTP 401 → logout"; a facilitator back
 * online after a day in the field must not be thrown out of the app for it, so the refusal is read first:
 * - the ID token is past its expiry (its `exp` claim, or the lifetime the provider gave), or the provider
 *   refused the refresh → the session is marked expired (`pd.sessionExpired`): the user stays in the app
 *   with what the device holds, the outbox pauses ('In pausa: accesso richiesto') and the shell asks to log
 *   in again — "nessun dato andrà perso"; new tokens end it;
 * - the token is within its lifetime yet refused (a signature the server rejects, another issuer, a role
 *   no longer held) → the local session ends WITHOUT the provider's end-session page, which would refuse
 *   that token as `id_token_hint` and show its own error; the app says why in its own words. The
 *   provider's session stays marked open, so the next login shows its form again.
 */
import { showToast, TOAST_DURATION } from '../ui/stores/toasts'
import { decodeJwtPayload } from './jwt'
import { logout } from './logout'
import { DEFAULT_EXPIRES_IN, markSessionExpired, readAuth, type StoredAuth } from './token-store'

/** A token expiring within this margin (s) counts as expired: the server tolerates 30 s of clock skew. */
export const EXPIRY_MARGIN_S = 60

export type RefusalKind = 'expired' | 'rejected'

/** Why tokens were refused (pure over the stored tokens and the clock; see the module comment). */
export function refusalKind(auth: Pick<StoredAuth, 'id_token' | 'expires_in' | 'session_timestamp'> | null, nowMs: number = Date.now()): RefusalKind {
  if (!auth) return 'rejected'
  const exp = decodeJwtPayload(auth.id_token)?.exp
  if (typeof exp === 'number' && exp * 1000 <= nowMs + EXPIRY_MARGIN_S * 1000) return 'expired'
  const lifetimeS = auth.expires_in > 0 ? auth.expires_in : DEFAULT_EXPIRES_IN
  if (nowMs - auth.session_timestamp >= (lifetimeS - EXPIRY_MARGIN_S) * 1000) return 'expired'
  return 'rejected'
}

/** Toast of a session ended because its tokens were refused within their lifetime. */
export const SESSION_REJECTED_TOAST = {
  id: 'pd-sessione-non-valida',
  title: 'SESSIONE NON VALIDA',
  message:
    "Il server non ha accettato le credenziali di accesso: la sessione su questo dispositivo è stata chiusa. Accedi di nuovo; le operazioni salvate sul dispositivo saranno inviate dopo l'accesso.",
} as const

/**
 * The session's tokens were refused: by the API (401) or, with `refreshRefused`, by the provider's
 * refresh. Marks the session expired, or ends it locally with the app's message (module comment).
 * `refusedIdToken`: the ID token the refused call was made with (null: none was sent). A refusal of other
 * tokens than the stored ones changes nothing: a call sent before a new login (or a refresh) whose answer
 * arrives after it must not end the new session.
 */
export async function sessionRefused(opts: { refreshRefused?: boolean; refusedIdToken?: string | null } = {}): Promise<void> {
  const auth = readAuth()
  if (!auth) return
  if (opts.refusedIdToken !== undefined && opts.refusedIdToken !== auth.id_token) return
  if (opts.refreshRefused || refusalKind(auth) === 'expired') {
    markSessionExpired(true)
    return
  }
  await logout({ provider: false })
  showToast({ ...SESSION_REJECTED_TOAST, status: 'error', duration: TOAST_DURATION.slow, closable: true })
}
