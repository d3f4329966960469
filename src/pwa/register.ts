/**
 * Service-worker registration (production builds only; the dev server has no SW).
 * Uses workbox-window, loaded lazily after the page's `load` event (kept out of the entry chunk and
 * out of the first render's way): publishes a waiting version to the update store, checks for a new version
 * every hour while online, and reloads the page once, after the user accepted the update and the
 * new worker took control (guarded against reload loops).
 */
import type { Workbox } from 'workbox-window'
import { isAppConfigRequest, isBuiltFileRequest } from '../../sw/routes'
import { CLAIM_CLIENTS } from '../../sw/messages'
import { setWaitingUpdate } from './update-store'

/** Interval of the periodic update check, ms. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000
const RELOAD_MARK = 'pd-sw-update-reload'
/** A second update-driven reload within this window is suppressed (loop guard), ms. */
const RELOAD_GUARD_MS = 10_000
/** Requests started per task by `warmRuntimeCaches`. */
const WARM_BATCH = 4

let started = false

/** Registers `/sw.js` (scope `/`) once; no-op outside production or without service-worker support. */
export function registerServiceWorker(): void {
  if (started || !import.meta.env.PROD || !('serviceWorker' in navigator)) return
  started = true
  const start = () => {
    import('workbox-window')
      .then(({ Workbox: WorkboxClass }) => setUp(new WorkboxClass('/sw.js', { scope: '/' })))
      .catch((error: unknown) => {
        console.warn('Registrazione del service worker non riuscita', error)
      })
  }
  if (document.readyState === 'complete') start()
  else window.addEventListener('load', start, { once: true })
}

/** Wires the update flow to a workbox-window instance and registers the worker. */
function setUp(wb: Workbox): void {
  let requested = false
  wb.addEventListener('waiting', () => {
    setWaitingUpdate({
      activate() {
        requested = true
        wb.addEventListener('controlling', reloadOnce)
        wb.messageSkipWaiting()
      },
    })
  })
  // Another tab accepted the update: this page now runs old code under the new worker. Offer a
  // reload through the same prompt (so it still waits for dirty forms). The first install also
  // takes control (clientsClaim) but then `isUpdate` is false and nothing is offered.
  wb.addEventListener('controlling', (event) => {
    if (!event.isUpdate) {
      void warmRuntimeCaches()
      return
    }
    if (!requested) setWaitingUpdate({ activate: reloadOnce })
  })

  void wb
    .register()
    .then((registration) => {
      if (!registration) return
      // an active worker that does not control this page (loaded while the worker was installing): ask it to
      void navigator.serviceWorker.ready.then((ready) => {
        if (!navigator.serviceWorker.controller) ready.active?.postMessage({ type: CLAIM_CLIENTS })
      })
      setInterval(() => {
        void checkForUpdate(registration)
      }, UPDATE_CHECK_INTERVAL_MS)
    })
    .catch((error: unknown) => {
      console.warn('Registrazione del service worker non riuscita', error)
    })
}

/** Asks the browser to look for a new sw.js, skipping the check when offline or the server is unreachable. */
async function checkForUpdate(registration: ServiceWorkerRegistration): Promise<void> {
  if (!navigator.onLine || registration.installing) return
  try {
    const res = await fetch('/sw.js', { cache: 'no-store', headers: { 'cache-control': 'no-cache' } })
    if (res.ok) await registration.update()
  } catch {
    // offline or server down: try again at the next interval
  }
}

/**
 * First install: the files this page loaded before the worker took control (icon chunks, the chunks of
 * an offline set such as the survey page's, the runtime config) never went through it, so the ones not
 * precached at install are not in its caches yet. Fetch them again, now through the worker (which keeps
 * them; precached ones it answers itself), so the next load keeps its icons and code offline.
 */
async function warmRuntimeCaches(): Promise<void> {
  const urls = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((href) => {
      const url = new URL(href, window.location.href)
      return url.origin === window.location.origin && (isBuiltFileRequest(url.pathname) || isAppConfigRequest(url.pathname))
    })
  // a few per task: starting a request costs the main thread a few ms on a slow phone, a dozen at once
  // made one long task (TBT)
  const unique = [...new Set(urls)]
  for (let i = 0; i < unique.length; i += WARM_BATCH) {
    await Promise.all(unique.slice(i, i + WARM_BATCH).map((u) => fetch(u).catch(() => undefined)))
  }
}

function reloadOnce(): void {
  const now = Date.now()
  const last = Number(sessionStorage.getItem(RELOAD_MARK) ?? 0)
  if (now - last < RELOAD_GUARD_MS) return
  sessionStorage.setItem(RELOAD_MARK, String(now))
  window.location.reload()
}
