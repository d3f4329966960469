/**
 * Logout (spec 000 §4): clears tokens, user context and profile of the session, then sends the browser
 * to the identity provider's end-session endpoint (which returns to home); offline, or when the
 * provider cannot be reached, it clears locally and goes home. Listeners registered with `onLogout`
 * run after the session is cleared and are awaited before leaving the page (the offline library keeps on
 * the device only the user's unsent operations, the query cache is emptied).
 */
import { getAppConfig } from '../api/config'
import { clearSession, markProviderLogoutPending, readAuth } from './token-store'
import { navigateTo, redirectBrowser } from './navigation'

const logoutListeners = new Set<() => void | Promise<void>>()
let inProgress: Promise<void> | null = null

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

/** Logs out once even when called by several failing calls at the same time. */
export function logout(): Promise<void> {
  inProgress ??= (async () => {
    const idToken = readAuth()?.id_token ?? null
    const config = getAppConfig()
    // a snapshot: clearing the session stops the offline wiring, which unregisters its listener meanwhile
    const listeners = [...logoutListeners]
    clearSession()
    for (const l of listeners) {
      try {
        await l()
      } catch {
        /* a listener must not block the logout */
      }
    }
    if (idToken && isOnline()) {
      try {
        const { buildEndSessionUrl, getDiscovery } = await import('./oidc')
        const url = buildEndSessionUrl(await getDiscovery(config.oidc.issuer), config, idToken)
        if (url) {
          redirectBrowser(url)
          return
        }
      } catch {
        /* provider unreachable: local logout only */
      }
    }
    // the provider's session could not be ended: the next login must show its form again
    if (idToken) markProviderLogoutPending(true)
    navigateTo('/', { replace: true })
  })().finally(() => {
    inProgress = null
  })
  return inProgress
}
