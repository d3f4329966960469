/**
 * Browser visits of `npm run bench` (delivery issue 7 point 5), in Debian's Chromium through Playwright,
 * against the built server:
 * - {@link measureTransfer}: bytes on the wire (encoded bodies + response headers, as Chromium counts
 *   them; cache hits count 0) of a first visit to `/` — with service workers blocked (the page load alone:
 *   `landing_transfer_kb`) or allowed until the worker is active and the network is quiet (page + the
 *   worker's precache and runtime warm-up: `anonymous_first_visit_kb`);
 * - {@link measureOfflineList}: a facilitator's services list reloaded offline, from navigation start to
 *   the first row in the DOM (`offline_services_list_ms`).
 */
import { chromium, request as playwrightRequest, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { actorOf, createServiceApi } from '../e2e/field-api'
import { waitForFieldData } from '../e2e/field-ui'
import { login, USERS } from '../e2e/helpers'

const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']

/** Launches Chromium at `chromePath` with the project's usual flags (caller closes it). */
export function launchChromium(chromePath: string): Promise<Browser> {
  return chromium.launch({ executablePath: chromePath, args: LAUNCH_ARGS })
}

/** Bytes of one visit, in total and per resource type (`document`, `script`, `stylesheet`, `font`…). */
export interface Transfer {
  bytes: number
  requests: number
  byType: Record<string, { bytes: number; requests: number }>
  /** bytes fetched by the service worker (precache, runtime warm-up) */
  serviceWorkerBytes: number
  /** of `bytes`, the response headers */
  headerBytes: number
}

/**
 * Counts every request of `context` (page and, when allowed, its service worker) until `settle()` resolves
 * and then the network has been idle for `quietMs`. Bytes per request: Playwright's `sizes()` (encoded
 * body + response headers), 0 for cache hits; failed requests count 0.
 */
async function countTransfer(context: BrowserContext, settle: () => Promise<void>, quietMs = 1000, timeoutMs = 60_000): Promise<Transfer> {
  const pending = new Set<object>()
  const done: Promise<{ type: string; sw: boolean; bytes: number; headers: number }>[] = []
  let lastActivity = Date.now()
  context.on('request', (req) => {
    pending.add(req)
    lastActivity = Date.now()
  })
  const finish = (failed: boolean) => (req: import('@playwright/test').Request) => {
    pending.delete(req)
    lastActivity = Date.now()
    const type = req.resourceType()
    const sw = req.serviceWorker() !== null
    const none = { type, sw, bytes: 0, headers: 0 }
    done.push(failed
      ? Promise.resolve(none)
      : req.sizes().then((s) => {
        // a cache hit reports a negative body size that cancels its headers: nothing crossed the wire
        const bytes = Math.max(0, s.responseBodySize + s.responseHeadersSize)
        return { type, sw, bytes, headers: bytes > 0 ? s.responseHeadersSize : 0 }
      }, () => none))
  }
  context.on('requestfinished', finish(false))
  context.on('requestfailed', finish(true))

  await settle()
  const t0 = Date.now()
  while (pending.size > 0 || Date.now() - lastActivity < quietMs) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`rete non ferma dopo ${timeoutMs} ms (${pending.size} richieste in corso)`)
    await new Promise((r) => setTimeout(r, 100))
  }
  const results = await Promise.all(done)
  const byType: Transfer['byType'] = {}
  for (const r of results) {
    const key = r.sw ? `sw:${r.type}` : r.type
    const t = (byType[key] ??= { bytes: 0, requests: 0 })
    t.bytes += r.bytes
    t.requests++
  }
  return {
    bytes: results.reduce((a, r) => a + r.bytes, 0),
    requests: results.length,
    byType,
    serviceWorkerBytes: results.filter((r) => r.sw).reduce((a, r) => a + r.bytes, 0),
    headerBytes: results.reduce((a, r) => a + r.headers, 0),
  }
}

/**
 * A first visit to `origin + '/'` in a fresh context (phone-sized viewport, empty cache). With
 * `serviceWorker: false` workers are blocked and the count ends when the page is loaded and the network
 * quiet; with `true` it also waits until the worker is active and controls the page (its precache is
 * complete then) and the network is quiet again.
 */
export async function measureTransfer(browser: Browser, origin: string, serviceWorker: boolean): Promise<Transfer> {
  const context = await browser.newContext({ serviceWorkers: serviceWorker ? 'allow' : 'block', viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true })
  try {
    const page = await context.newPage()
    return await countTransfer(context, async () => {
      await page.goto(`${origin}/`, { waitUntil: 'load' })
      if (serviceWorker) {
        await page.evaluate(async () => { await navigator.serviceWorker.ready })
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 })
      }
    })
  } finally {
    await context.close()
  }
}

/** Rows of the services list (table on wide screens, accordion items on phones). */
const FIRST_ROW_SELECTOR = '[data-testid="servizi-page"] tbody tr, [data-testid="servizi-page"] [data-testid="responsive-accordion"] li'

/**
 * Installed on every document of the context: records in `window.__pdFirstRowMs` the `performance.now()`
 * (ms since navigation start) at which the first services-list row enters the DOM. Plain JavaScript source:
 * a TypeScript function would be serialised with the `__name` helpers tsx adds, undefined in the page.
 */
function firstRowProbe(selector: string): string {
  return `(() => {
    const selector = ${JSON.stringify(selector)};
    const observer = new MutationObserver(() => {
      if (window.__pdFirstRowMs === undefined && document.querySelector(selector)) {
        window.__pdFirstRowMs = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  })();`
}

export interface OfflineListResult {
  /** one value per offline reload, ms from navigation start to the first row */
  runsMs: number[]
  /** rows of the list when measured */
  rows: number
}

/**
 * Logs in as the demo facilitator (Sara Romano, FAC) through the development provider, gives her `services`
 * services through the API, opens /area-amministrativa/servizi and waits for the field data and the
 * service worker; then goes offline and reloads the list `reloads` times, reading the time of the first row.
 */
export async function measureOfflineList(browser: Browser, origin: string, services = 20, reloads = 3): Promise<OfflineListResult> {
  const context = await browser.newContext({ baseURL: origin, serviceWorkers: 'allow', viewport: { width: 1280, height: 900 }, locale: 'it-IT' })
  // the bench runs under tsx, whose esbuild keeps function names with a `__name` helper that is not in the page:
  // functions handed to page.evaluate (the shared e2e steps) need it there
  await context.addInitScript({ content: 'globalThis.__name = (f) => f' })
  const api = await playwrightRequest.newContext({ baseURL: origin })
  try {
    await context.addInitScript({ content: firstRowProbe(FIRST_ROW_SELECTOR) })
    const page = await context.newPage()
    await login(page, USERS.fac.cf)
    await waitForWorkerControl(page)
    const fac = await actorOf(page, api, 'FAC')
    const stamp = Date.now().toString(36)
    for (let i = 0; i < services; i++) await createServiceApi(api, fac, `Bench ${stamp} ${String(i + 1).padStart(2, '0')}`)
    await page.goto('/area-amministrativa/servizi')
    await waitForFieldData(page, USERS.fac.cf)
    await page.locator(FIRST_ROW_SELECTOR).first().waitFor({ timeout: 30_000 })
    // the list's code and data are on the device; the first reload online also warms the runtime caches
    await page.reload({ waitUntil: 'load' })
    await page.locator(FIRST_ROW_SELECTOR).first().waitFor({ timeout: 30_000 })

    await context.setOffline(true)
    const runsMs: number[] = []
    for (let i = 0; i < reloads; i++) {
      await page.reload({ waitUntil: 'commit' })
      const handle = await page.waitForFunction(() => (window as unknown as { __pdFirstRowMs?: number }).__pdFirstRowMs, undefined, { timeout: 30_000 })
      runsMs.push(Number(await handle.jsonValue()))
    }
    const rows = await page.locator(FIRST_ROW_SELECTOR).count()
    return { runsMs, rows }
  } finally {
    await api.dispose()
    await context.close()
  }
}

async function waitForWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => { await navigator.serviceWorker.ready })
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 })
}
