/// <reference lib="webworker" />
/**
 * Service worker of Punto Digitale (ARCHITECTURE.md "The service worker"; built by vite-plugin-pwa,
 * strategy injectManifest, into dist/sw.js).
 * - Precache: the shell (index.html), JS/CSS, self-hosted fonts (woff2), icons and the static data
 *   files of /data/*.json, as listed by the build in `self.__WB_MANIFEST`; old precaches are removed.
 * - Navigations to app routes are answered with the precached index.html (offline deep links); never
 *   for /api, /oidc (identity provider), /app-config.json or requests for files.
 * - Runtime caches: design-react-kit icon chunks (assets/It*.js, CacheFirst, 'pd-icon-chunks') and the
 *   runtime configuration /app-config.json (NetworkFirst, 3 s, 'pd-config'). There is deliberately NO
 *   route for /api: no personal data ever enters Cache Storage.
 * - Updates are prompted: a new version waits until the page posts {type: 'SKIP_WAITING'}
 *   (src/pwa/UpdatePrompt.tsx). // Background Sync (Chromium): the page registers the tag after each queued write. `SyncEvent` is not in
// TypeScript's WebWorker lib, hence the structural type.
self.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
  handleSyncEvent(event as unknown as SyncEventLike, self.clients)
})

clientsClaim() runs on activation, i.e. on the first install or after
 *   the user accepted the update, so an installed version never swaps under an open form.
 * - Background Sync: a `sync` event with tag 'pd-outbox' is relayed to the open pages, which replay the
 *   outbox (sw/background-sync.ts); the event stays alive until a page reports the end of its replay.
 */
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst } from 'workbox-strategies'
import { ExpirationPlugin } from 'workbox-expiration'
import { NAVIGATION_DENYLIST, isAppConfigRequest, isIconChunkRequest } from './routes'
import { handleSyncEvent, type SyncEventLike } from './background-sync'

declare const self: ServiceWorkerGlobalScope

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NAVIGATION_DENYLIST }))

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isIconChunkRequest(url.pathname),
  new CacheFirst({
    cacheName: 'pd-icon-chunks',
    plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 365 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
)

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isAppConfigRequest(url.pathname),
  new NetworkFirst({ cacheName: 'pd-config', networkTimeoutSeconds: 3 }),
)

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting()
  }
})

// Background Sync (Chromium): the page registers the tag after each queued write. `SyncEvent` is not in
// TypeScript's WebWorker lib, hence the structural type.
self.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
  handleSyncEvent(event as unknown as SyncEventLike, self.clients)
})

clientsClaim()
