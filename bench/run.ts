/**
 * `npm run bench` — issue 2 figures, one `name: value unit` line each on stdout (details on stderr):
 * - landing_js_gzip_kb / landing_css_gzip_kb: gzip size (zlib level 9, KiB) of every JS / CSS response
 *   a first visit to `/` loads in Chromium (service workers blocked, lazy chunks included), against
 *   the built app served by the real server. Targets ≤ 130 / ≤ 90.
 * - precache_kb: total raw size (KiB) of the unique URLs in dist/sw.js's precache manifest. Target ≤ 2560.
 * - page_js_gzip_kb_<page>: the JavaScript of each working page (services list, survey wizard, programmes list,
 *   bacheca, report), gzip KiB, from the build's chunk graph (bench/build-graph.ts). No target (issue 24 point 24).
 * - server_warm_start_ms: median of 3 starts of the server as `npm start` runs it
 *   (`node build/server/main.mjs`, the esbuild bundle) on an already migrated and seeded
 *   PGlite folder, from spawn to the first 200 of /api/health/ready. Target ≤ 2000.
 * - enqueue_p95_ms, idb_bytes_per_op, replay_ops_per_s: the offline outbox (bench/outbox.ts). Targets
 *   ≤ 15 ms, —, ≥ 100 ops/s.
 * Delivery issue 7 point 5, against the server as `npm start` serves it (compressed twins included):
 * - lh_mobile_perf, lh_mobile_fcp_ms, lh_mobile_lcp_ms, lh_mobile_tbt_ms, lh_mobile_cls, lh_desktop_perf:
 *   Lighthouse (bench/lighthouse.ts) on `/`, performance category, mobile (default config) and desktop
 *   (desktop config), median of LH_RUNS (default 3) runs, each followed by a `<name>_spread` line (max − min).
 *   Targets ≥ 95, ≤ 1200 ms, ≤ 1800 ms, ≤ 100 ms, ≤ 0.05; desktop ≥ 99. Lighthouse's mobile CPU
 *   slowdown is simulated from this machine's own timings: on a loaded machine TBT and the score suffer (the
 *   load average and Lighthouse's benchmarkIndex are printed on stderr).
 * - landing_transfer_kb: bytes on the wire (encoded bodies + headers) of a first visit to `/`, service
 *   workers blocked, phone viewport (bench/visits.ts). Target ≤ 200.
 * - anonymous_first_visit_kb: the same visit with the service worker allowed, until it is active and the
 *   network is quiet: page + precache + runtime warm-up. Target ≤ 350.
 * - offline_services_list_ms: the demo facilitator (20 services) reloads /area-amministrativa/servizi offline;
 *   navigation start → first row in the DOM, median of 3 reloads (+ `_spread`). Target ≤ 300.
 * Builds first (`npm run build`: app, compressed twins and server bundle) when dist/ or build/server is
 * missing. STATIC_DIR (default dist/) picks the build to measure, BENCH_SERVER_BUNDLE (default
 * build/server/main.mjs) the server that serves it (both to compare builds), BENCH_PORT (default 18510)
 * its port, LH_RUNS the Lighthouse runs per form factor.
 * Issue 9 point 7 (bench/lists.ts, which lists the figures): list_p95_ms, detail_p95_ms, csv_export_s and
 * csv_export_peak_mb on PGlite at 1/100 (`_pglite_1_100`, always) and on PostgreSQL at full scale (`_pg`, only when
 * BENCH_SCALE_DATABASE_URL names a database filled by `npm run seed:scale`). Targets on PostgreSQL ≤ 50 ms, ≤ 80 ms, —, ≤ 100 MB.
 * DATABASE_URL is ignored (PGlite is measured). `BENCH_ONLY=lists` measures the list figures alone; `BENCH_ONLY=outbox` the outbox figures alone
 * (no build, no browser); `BENCH_ONLY=app` everything but them; `BENCH_ONLY=web` only the issue-7 figures. BENCH_LH_REPORTS=<dir> keeps every Lighthouse report (JSON).
 * Issue 11 point 1 (bench/dashboard.ts): dashboard_p95_ms (target ≤ 300 ms on PostgreSQL) and dashboard_refresh_s, same legs;
 * `BENCH_ONLY=dashboard` measures them alone.
 * Issue 12 point 5 (bench/search.ts): search_p95_ms over 100,000 community contents (target ≤ 100 ms);
 * `BENCH_ONLY=search` measures it alone.
 * Issue 14 point 4 (bench/pg-writes.ts): pg_writes_per_s, pg_write_p99_ms and pg_write_errors — two server processes on
 * one PostgreSQL under an open-loop load of 300 field writes/s for 5 minutes (targets ≥ 300, ≤ 200 ms, 0);
 * `BENCH_ONLY=writes` measures them alone. The 30-minute memory soak is `npm run soak` (bench/soak.ts).
 * Issue 25 point 2 (bench/campo-sync.ts): the field sync's figures (campo_sync_*_pglite, campo_sync_*_pg) and the mixed load
 * on PostgreSQL with two processes (campo_mix_*); `BENCH_ONLY=campo` measures them alone.
 * Issue 28 part 1: the write and list figures are measured twice, with the access register written and with
 * `REGISTRO_ACCESSI=off` (the same names suffixed `_registro_off`, e.g. `pg_write_p99_ms_registro_off`,
 * `list_p95_ms_pglite_1_100_registro_off`); `BENCH_REGISTRO=on` (or `off`) measures one of them.
 * `npm run bench:smoke` (bench/smoke.ts, a step of `npm test`) runs every leg at tiny sizes and checks that each
 * prints its figures.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { lighthouseRuns, type LighthouseRun } from './lighthouse'
import { serverEnv, startServer, waitReady } from './server-process'
import { measurePageJs, precacheUrls } from './build-graph'
import { launchChromium, measureOfflineList, measureTransfer, type Transfer } from './visits'

const ROOT = resolve(import.meta.dirname, '..')
const DIST = resolve(ROOT, process.env.STATIC_DIR ?? 'dist')
const PORT = Number(process.env.BENCH_PORT ?? 18510)
const SERVER_BUNDLE = resolve(ROOT, process.env.BENCH_SERVER_BUNDLE ?? join('build', 'server', 'main.mjs'))
const LH_RUNS = Number(process.env.LH_RUNS ?? 3)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium'

const kib = (bytes: number) => (bytes / 1024).toFixed(1)
const line = (name: string, value: string, unit: string) => console.log(`${name}: ${value}${unit ? ` ${unit}` : ''}`)
const note = (text: string) => console.error(`  ${text}`)

function ensureBuild(): void {
  if (existsSync(join(DIST, 'index.html')) && existsSync(join(DIST, 'sw.js'))) return
  console.error('dist/ mancante: eseguo vite build e scripts/compress-dist.mjs…')
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', DIST, '--emptyOutDir'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  if (r.status !== 0) throw new Error('vite build non riuscito')
  const c = spawnSync(process.execPath, [join(ROOT, 'scripts', 'compress-dist.mjs'), DIST], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  if (c.status !== 0) throw new Error('compressione di dist non riuscita')
}

function ensureServerBundle(): void {
  if (existsSync(SERVER_BUNDLE)) return
  console.error('build/server mancante: eseguo scripts/build-server.mjs…')
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-server.mjs')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  if (r.status !== 0) throw new Error('build del server non riuscito')
}

function measurePrecache(): void {
  const urls = precacheUrls(readFileSync(join(DIST, 'sw.js'), 'utf8'))
  let total = 0
  const missing: string[] = []
  for (const url of urls) {
    const file = join(DIST, url.replace(/^\//, '').split('?')[0] ?? '')
    if (existsSync(file)) total += statSync(file).size
    else missing.push(url)
  }
  line('precache_kb', kib(total), 'KB')
  note(`precache: ${urls.length} URL uniche${missing.length ? `, mancanti in dist: ${missing.join(', ')}` : ''}`)
}

/** The server as `npm start` runs it (SERVER_BUNDLE) on the PGlite folder `dataDir`, serving DIST. */
const startBundle = (dataDir: string) => startServer(serverEnv(PORT, { STATIC_DIR: DIST, DATA_DIR: dataDir }), SERVER_BUNDLE)
const ORIGIN = `http://127.0.0.1:${PORT}`

async function measureLanding(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  try {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const pending: Promise<void>[] = []
    const sizes = { script: new Map<string, number>(), stylesheet: new Map<string, number>() }
    page.on('response', (res) => {
      const type = res.request().resourceType()
      if (type !== 'script' && type !== 'stylesheet') return
      pending.push(res.body().then((body) => { sizes[type].set(res.url(), gzipSync(body, { level: 9 }).length) }, () => undefined))
    })
    await page.goto(`${ORIGIN}/`, { waitUntil: 'networkidle' })
    await page.waitForTimeout(1000)
    await Promise.all(pending)
    const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0)
    line('landing_js_gzip_kb', kib(sum(sizes.script)), 'KB')
    line('landing_css_gzip_kb', kib(sum(sizes.stylesheet)), 'KB')
    const top = [...sizes.script.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8)
    note(`landing: ${sizes.script.size} file JS, ${sizes.stylesheet.size} CSS; JS più pesanti (gzip):`)
    for (const [url, size] of top) note(`  ${kib(size).padStart(7)} KB  ${new URL(url).pathname}`)
  } finally {
    await browser.close()
  }
}

/** Median of `values` (mean of the two middle values for an even count); NaN when empty. */
function median(values: number[]): number {
  const v = [...values].sort((a, b) => a - b)
  if (v.length === 0) return NaN
  const mid = Math.floor(v.length / 2)
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2
}

/** Prints `name: median unit` and `name_spread: (max − min) unit`, values rounded to `digits`. */
function medianLine(name: string, values: number[], unit: string, digits = 0): void {
  line(name, median(values).toFixed(digits), unit)
  line(`${name}_spread`, (Math.max(...values) - Math.min(...values)).toFixed(digits), unit)
}

const load = () => loadavg().map((l) => l.toFixed(1)).join(' ')

function transferNote(label: string, t: Transfer): void {
  note(`${label}: ${kib(t.bytes)} KB in ${t.requests} richieste (intestazioni ${kib(t.headerBytes)} KB; service worker ${kib(t.serviceWorkerBytes)} KB); per tipo:`)
  for (const [type, v] of Object.entries(t.byType).sort((a, b) => b[1].bytes - a[1].bytes)) note(`  ${kib(v.bytes).padStart(7)} KB  ${String(v.requests).padStart(3)} × ${type}`)
}

const lhRetry = (error: unknown) => note(`lighthouse: esecuzione ripetuta (${error instanceof Error ? error.message : String(error)})`)

/** Delivery issue 7 point 5 figures against the server at `origin` (see the module comment). */
async function measureWeb(origin: string): Promise<void> {
  note(`carico della macchina (1/5/15 min): ${load()} su ${availableParallelism()} core`)
  const browser = await launchChromium(CHROMIUM)
  try {
    const landing = await measureTransfer(browser, origin, false)
    const visit = await measureTransfer(browser, origin, true)
    const offline = await measureOfflineList(browser, origin)
    await browser.close()
    const t0 = performance.now()
    const lh: Record<'mobile' | 'desktop', LighthouseRun[]> = {
      mobile: await lighthouseRuns(`${origin}/`, 'mobile', CHROMIUM, LH_RUNS, 3, lhRetry),
      desktop: await lighthouseRuns(`${origin}/`, 'desktop', CHROMIUM, LH_RUNS, 3, lhRetry),
    }
    note(`lighthouse: ${LH_RUNS} + ${LH_RUNS} esecuzioni in ${((performance.now() - t0) / 1000).toFixed(0)} s; carico ${load()}`)
    const m = lh.mobile
    medianLine('lh_mobile_perf', m.map((r) => r.perf), 'score')
    medianLine('lh_mobile_fcp_ms', m.map((r) => r.fcpMs), 'ms')
    medianLine('lh_mobile_lcp_ms', m.map((r) => r.lcpMs), 'ms')
    medianLine('lh_mobile_tbt_ms', m.map((r) => r.tbtMs), 'ms')
    medianLine('lh_mobile_cls', m.map((r) => r.cls), '', 3)
    medianLine('lh_desktop_perf', lh.desktop.map((r) => r.perf), 'score')
    line('landing_transfer_kb', kib(landing.bytes), 'KB')
    line('anonymous_first_visit_kb', kib(visit.bytes), 'KB')
    medianLine('offline_services_list_ms', offline.runsMs, 'ms')
    for (const [ff, runs] of Object.entries(lh)) {
      for (const r of runs) {
        note(`lighthouse ${ff}: perf ${r.perf}, FCP ${r.fcpMs.toFixed(0)} ms, LCP ${r.lcpMs.toFixed(0)} ms, TBT ${r.tbtMs.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}, ` +
          `total-byte-weight ${kib(r.totalBytes)} KB, benchmarkIndex ${r.benchmarkIndex.toFixed(0)}`)
      }
    }
    transferNote('prima visita di / (service worker bloccato)', landing)
    transferNote('prima visita anonima con service worker', visit)
    note(`elenco servizi offline (${offline.rows} righe): ${offline.runsMs.map((v) => v.toFixed(0)).join(', ')} ms`)
  } finally {
    if (browser.isConnected()) await browser.close()
  }
}

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY
  if (await (await import('./mass-upload')).massUploadHook(only)) return // issue 10: mass upload on PostgreSQL (bench/mass-upload.ts)
  if (only === 'writes' || only === undefined) {
    // issue 14 point 4: write throughput of two processes on PostgreSQL (bench/pg-writes.ts)
    const { measurePgWrites } = await import('./pg-writes')
    await measurePgWrites()
    if (only === 'writes') return
  }
  if (only === 'campo' || only === undefined) {
    // issue 25 point 2: the field sync on the 20,000-row world, PGlite and PostgreSQL (bench/campo-sync.ts)
    const { measureCampoSync } = await import('./campo-sync')
    await measureCampoSync()
    if (only === 'campo') return
  }
  if (only === 'search' || only === undefined) {
    // issue 12: community full-text search over 100,000 contents (bench/search.ts)
    const { measureSearch } = await import('./search')
    await measureSearch()
    if (only === 'search') return
  }
  if (only === 'lists' || only === undefined) {
    // issue 9 point 7: the administrative lists at scale (bench/lists.ts)
    const { measureLists } = await import('./lists')
    await measureLists()
    if (only === 'lists') return
  }
  if (only === 'dashboard' || only === undefined) {
    // issue 11 point 1: 'Report dati' at scale (bench/dashboard.ts)
    const { measureDashboard } = await import('./dashboard')
    await measureDashboard()
    if (only === 'dashboard') return
  }
  if (only !== 'outbox') await measureApp(only === 'web')
  if (only !== 'app' && only !== 'web') {
    // loaded here: it installs fake-indexeddb and opens its own in-memory server
    const { measureOutbox } = await import('./outbox')
    await measureOutbox()
  }
}

async function measureApp(webOnly: boolean): Promise<void> {
  ensureBuild()
  ensureServerBundle()
  if (!webOnly) {
    measurePrecache()
    measurePageJs(DIST)
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'pd-bench-'))
  try {
    // First start: migrates and seeds the fresh folder; also serves the landing measurement.
    const first = startBundle(dataDir)
    try {
      const cold = await waitReady(first, ORIGIN, { timeoutMs: 120_000, pollMs: 20 })
      note(`primo avvio (migrazione + seed): ${cold.toFixed(0)} ms`)
      if (!webOnly) await measureLanding()
      await measureWeb(ORIGIN)
    } finally {
      await first.stop()
    }
    if (webOnly) return

    const warm: number[] = []
    // BENCH_WARM_STARTS (default 3): the starts whose median is the figure (`npm run bench:smoke` makes one)
    for (let i = 0; i < Number(process.env.BENCH_WARM_STARTS ?? 3); i++) {
      const server = startBundle(dataDir)
      try {
        warm.push(await waitReady(server, ORIGIN, { timeoutMs: 120_000, pollMs: 20 }))
      } finally {
        await server.stop()
      }
    }
    line('server_warm_start_ms', median(warm).toFixed(0), 'ms')
    note(`avvii a caldo: ${warm.map((w) => w.toFixed(0)).join(', ')} ms`)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
