/**
 * URL rules of the service worker, kept pure so they can be unit-tested (tests/pwa/sw-routes.test.ts).
 * Paths are `URL.pathname` (+ `search` for the navigation denylist, as workbox's NavigationRoute
 * matches against pathname + search).
 */

/** Extensions that mark a request for a file, not an app route (an app route may contain dots, e.g. a token). */
const FILE_EXTENSION = /\.(?:m?js|css|json|webmanifest|map|html?|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|otf|txt|xml|pdf|csv|zip)(?:\?.*)?$/i

/** Navigations that must reach the network, never the cached shell: API, identity provider, config, files. */
export const NAVIGATION_DENYLIST: RegExp[] = [
  /^\/api(?:[/?]|$)/,
  /^\/oidc(?:[/?]|$)/,
  /^\/app-config\.json(?:\?|$)/,
  FILE_EXTENSION,
]

/** True when a navigation to `pathAndSearch` is answered with the precached app shell. */
export function isAppNavigation(pathAndSearch: string): boolean {
  return !NAVIGATION_DENYLIST.some((re) => re.test(pathAndSearch))
}

/**
 * A file of the build (`/assets/*`: chunks, CSS, fonts; `/data/*.json`): precached at install or part of an
 * offline set, so a page re-requests the ones it loaded before a worker controlled it (src/pwa/register.ts).
 */
export function isBuiltFileRequest(pathname: string): boolean {
  return /^\/(?:assets|data)\/[^/]+\.[a-z0-9]+$/i.test(pathname)
}

/** The runtime configuration file served by the deployment. */
export function isAppConfigRequest(pathname: string): boolean {
  return pathname === '/app-config.json'
}
