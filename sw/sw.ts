/// <reference lib="webworker" />
/**
 * Service worker of Punto Digitale (ARCHITECTURE.md "The service worker"; built by vite-plugin-pwa,
 * strategy injectManifest, into dist/sw.js).
 * - Precache at install: only what an anonymous visitor needs (the shell index.html, the entry and shell
 *   chunks, the landing, privacy, login and error pages, their CSS and icons, fonts, manifest icons,
 *   /data/errors.json) — the entries of `self.__WB_MANIFEST` the build left unmarked
 *   (sw/precache-split.ts). Old precaches are removed.
 * - Offline sets (sw/offline-sets.ts, protocol sw/messages.ts): the marked entries — `field` (field
 *   routes, codice-fiscale-js, Dexie, every icon chunk, province.json…) and `survey` (the citizen's
 *   survey page) — are fetched into 'pd-offline-sets' when a page posts {type: 'PRECACHE_SET', set}
 *   (after a FAC/VOL login or profile change; when the survey page opens), with progress posted to the
 *   pages; a request for one of them before that goes to the network and the answer is kept. The sets
 *   asked for are fetched again by the next version while it installs; on activation the files the
 *   version no longer lists are removed.
 * - Navigations to app routes are answered with the precached index.html (offline deep links); never
 *   for /api, /oidc (identity provider), /app-config.json or requests for files.
 * - Runtime cache: the runtime configuration /app-config.json (NetworkFirst, 3 s, 'pd-config'). There is
 *   deliberately NO route for /api: no personal data ever enters Cache Storage.
 * - Updates are prompted: a new version waits until the page posts {type: 'SKIP_WAITING'}
 *   (src/pwa/UpdatePrompt.tsx). clientsClaim() runs on activation, i.e. on the first install or after
 *   the user accepted the update, so an installed version never swaps under an open form.
 * - Background Sync: a `sync` event with tag 'pd-outbox' is relayed to the open pages, which replay the
 *   outbox (sw/background-sync.ts); the event stays alive until a page reports the end of its replay.
 */
import { cacheNames, clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { NetworkFirst } from 'workbox-strategies'
import { NAVIGATION_DENYLIST, isAppConfigRequest } from './routes'
import { handleSyncEvent, type SyncEventLike } from './background-sync'
import { CLAIM_CLIENTS, parseSetRequest, type OfflineSetProgress } from './messages'
import { OfflineSets, partitionManifest, type ManifestEntryLike } from './offline-sets'

declare const self: ServiceWorkerGlobalScope

/** Runtime cache of design-react-kit's icon chunks in versions before the offline sets: removed on activation. */
const LEGACY_ICON_CACHE = 'pd-icon-chunks'

const { core, onDemand } = partitionManifest(self.__WB_MANIFEST as Array<string | ManifestEntryLike>, self.location.href)

precacheAndRoute(core as Array<string | PrecacheEntry>)
cleanupOutdatedCaches()

async function broadcast(progress: OfflineSetProgress): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  for (const page of pages) page.postMessage(progress)
}

const offlineSets = new OfflineSets(onDemand, {
  caches: self.caches,
  fetch: (request) => fetch(request),
  onProgress: (p) => void broadcast(p),
})

// Installing: keep what an earlier version precached, then fetch the sets this device asked for, so the
// version the user accepts is complete offline. Never fails the install (a page asks again later).
self.addEventListener('install', (event) => {
  event.waitUntil(
    offlineSets
      .adoptFrom(cacheNames.precache)
      .catch(() => 0)
      .then(() => offlineSets.prefetchWanted()),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([offlineSets.cleanup().catch(() => 0), self.caches.delete(LEGACY_ICON_CACHE).catch(() => false)]))
})

registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NAVIGATION_DENYLIST }))

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && offlineSets.has(url.origin + url.pathname + url.search),
  ({ request }) => offlineSets.respond(request),
)

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isAppConfigRequest(url.pathname),
  new NetworkFirst({ cacheName: 'pd-config', networkTimeoutSeconds: 3 }),
)

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting()
    return
  }
  // A page loaded while this worker was installing (its navigation left before activation, its document
  // appeared after the activation's claim) stays uncontrolled until its next navigation: it asks to be
  // claimed (src/pwa/register.ts), so it works offline from now on.
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === CLAIM_CLIENTS) {
    event.waitUntil(self.clients.claim())
    return
  }
  const request = parseSetRequest(data)
  if (request?.type === 'PRECACHE_SET') {
    event.waitUntil(
      offlineSets
        .want(request.set)
        .catch(() => undefined)
        .then(() => offlineSets.ensure(request.set)),
    )
  } else if (request?.type === 'OFFLINE_SET_STATUS') {
    const source = event.source
    event.waitUntil(offlineSets.status(request.set).then((p) => source?.postMessage(p)))
  }
})

// Background Sync (Chromium): the page registers the tag after each queued write. `SyncEvent` is not in
// TypeScript's WebWorker lib, hence the structural type.
self.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
  handleSyncEvent(event as unknown as SyncEventLike, self.clients)
})

clientsClaim()
