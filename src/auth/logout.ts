/**
 * Logout (spec 000 §4): clears tokens, user context and profile of the session, then sends the browser
 * to the identity provider's end-session endpoint (which returns to home); offline, or when the
 * provider cannot be reached, it clears locally and goes home. Listeners registered with `onLogout`
 * run after the session is cleared and are awaited before leaving the page (the offline library keeps on
 * the device only the user's unsent operations, the query cache is emptied).
 *
 * The home page (with 'Accedi') shows as soon as the session is cleared, while the listeners still run:
 * nothing navigates after that point except the provider's end-session redirect, so a user who already
 * moved on (e.g. to /auth) is not pulled back, and a login started meanwhile waits for the logout to
 * settle ({@link logoutSettled}) so it never leaves with the provider's session still marked open.
 */
import { getAppConfig } from '../api/config'
import { clearSession, markProviderLogoutPending, readAuth } from './token-store'
import { navigateTo, redirectBrowser } from './navigation'

const logoutListeners = new Set<() => void | Promise<void>>()
let inProgress: Promise<void> | null = null
/** Set when the logout sent the browser to the provider's end-session page (the page is being left). */
let leftForProvider = false

/** Registers a callback run on every logout; returns the unregister function. */
export function onLogout(listener: () => void | Promise<void>): () => void {
  logoutListeners.add(listener)
  return () => logoutListeners.delete(listener)
}

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false

/**
 * A check run before a logout the user asked for ('Esci'); resolves false to cancel it (e.g. the user
 * kept the session after the unsent-operations warning). Registered by the lazily loaded offline wiring.
 */
export type LogoutConfirmation = () => Promise<boolean>

let confirmation: LogoutConfirmation | null = null

/** Sets (or clears, with null) the check run by {@link requestLogout}; returns a function that removes it. */
export function setLogoutConfirmation(check: LogoutConfirmation | null): () => void {
  confirmation = check
  return () => {
    if (confirmation === check) confirmation = null
  }
}

/**
 * Logout asked by the user ('Esci'): runs the registered confirmation first and logs out only when it
 * resolves true (a failing check does not block the logout). Resolves true when the logout ran.
 * Forced logouts (expired session, error page) call {@link logout} directly.
 */
export async function requestLogout(): Promise<boolean> {
  if (confirmation) {
    const proceed = await confirmation().catch(() => true)
    if (!proceed) return false
  }
  await logout()
  return true
}

/**
 * Resolves when no logout is running any more: true when it sent the browser to the identity provider's
 * end-session page (the caller must not navigate elsewhere, or it would cancel that redirect), false
 * otherwise. Used by the login so that the 'provider session still open' mark and the device clean-up are
 * complete before a new login leaves for the provider.
 */
export async function logoutSettled(): Promise<boolean> {
  if (inProgress) await inProgress.catch(() => undefined)
  return leftForProvider
}

/** Test hook: forget a previous end-session redirect (a real page is gone after it). */
export function resetLogoutForTests(): void {
  leftForProvider = false
}

/**
 * Logs out once even when called by several failing calls at the same time. `provider: false` ends the
 * session here only (tokens the server refused: the provider's end-session page would refuse them as
 * `id_token_hint`, src/auth/session-end.ts); the provider's session then stays marked open.
 */
export function logout(opts: { provider?: boolean } = {}): Promise<void> {
  inProgress ??= (async () => {
    const idToken = readAuth()?.id_token ?? null
    const config = getAppConfig()
    // a snapshot: clearing the session stops the offline wiring, which unregisters its listener meanwhile
    const listeners = [...logoutListeners]
    // decided when 'Esci' is pressed: a logout made offline stays local even if the network returns
    // during the clean-up (the page does not leave for the provider after the user has moved on)
    const viaProvider = opts.provider !== false && Boolean(idToken) && isOnline()
    // until the provider's end-session is reached, its session counts as open: a login started before
    // this logout settles must show the provider's form again
    if (idToken) markProviderLogoutPending(true)
    clearSession()
    navigateTo('/', { replace: true })
    for (const l of listeners) {
      try {
        await l()
      } catch {
        /* a listener must not block the logout */
      }
    }
    if (idToken && viaProvider) {
      try {
        const { buildEndSessionUrl, getDiscovery } = await import('./oidc')
        const url = buildEndSessionUrl(await getDiscovery(config.oidc.issuer), config, idToken)
        if (url) {
          markProviderLogoutPending(false)
          leftForProvider = true
          redirectBrowser(url)
          return
        }
      } catch {
        /* provider unreachable: local logout only */
      }
    }
    // the provider's session could not be ended: it stays marked, the next login shows its form again
  })().finally(() => {
    inProgress = null
  })
  return inProgress
}
