/**
 * Logout (spec 000 §4): clears tokens, user context and profile of the session, then sends the browser
 * to the identity provider's end-session endpoint (which returns to home); offline, or when the
 * provider cannot be reached, it clears locally and goes home. Listeners registered with `onLogout`
 * run after the local data is cleared (e.g. to drop per-user offline data).
 */
import { getAppConfig } from '../api/config'
import { clearSession, readAuth } from './token-store'
import { navigateTo, redirectBrowser } from './navigation'

const logoutListeners = new Set<() => void | Promise<void>>()
let inProgress: Promise<void> | null = null

/** Registers a callback run on every logout; returns the unregister function. */
export function onLogout(listener: () => void | Promise<void>): () => void {
  logoutListeners.add(listener)
  return () => logoutListeners.delete(listener)
}

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false

/** Logs out once even when called by several failing calls at the same time. */
export function logout(): Promise<void> {
  inProgress ??= (async () => {
    const idToken = readAuth()?.id_token ?? null
    const config = getAppConfig()
    clearSession()
    for (const l of logoutListeners) {
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
    navigateTo('/', { replace: true })
  })().finally(() => {
    inProgress = null
  })
  return inProgress
}
