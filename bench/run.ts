/**
 * `npm run bench` — issue 2 figures, one `name: value unit` line each on stdout (details on stderr):
 * - landing_js_gzip_kb / landing_css_gzip_kb: gzip size (zlib level 9, KiB) of every JS / CSS response
 *   a first visit to `/` loads in Chromium (service workers blocked, lazy chunks included), against
 *   the built app served by the real server. Targets ≤ 130 / ≤ 90.
 * - precache_kb: total raw size (KiB) of the unique URLs in dist/sw.js's precache manifest. Target ≤ 2560.
 * - server_warm_start_ms: median of 3 starts of the server as `npm start` runs it
 *   (`node build/server/main.mjs`, the esbuild bundle) on an already migrated and seeded
 *   PGlite folder, from spawn to the first 200 of /api/health/ready. Target ≤ 2000.
 * - enqueue_p95_ms, idb_bytes_per_op, replay_ops_per_s: the offline outbox (bench/outbox.ts). Targets
 *   ≤ 15 ms, —, ≥ 100 ops/s.
 * Builds first (`npm run build`: app and server bundle) when dist/ or build/server is missing. STATIC_DIR (default dist/) picks the build to measure;
 * DATABASE_URL is ignored (PGlite is measured). `BENCH_ONLY=outbox` measures the outbox figures alone
 * (no build, no browser); `BENCH_ONLY=app` everything but them.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'

const ROOT = resolve(import.meta.dirname, '..')
const DIST = resolve(ROOT, process.env.STATIC_DIR ?? 'dist')
const PORT = Number(process.env.BENCH_PORT ?? 18280)
const SERVER_BUNDLE = join(ROOT, 'build', 'server', 'main.mjs')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium'

const kib = (bytes: number) => (bytes / 1024).toFixed(1)
const line = (name: string, value: string, unit: string) => console.log(`${name}: ${value} ${unit}`)
const note = (text: string) => console.error(`  ${text}`)

function ensureBuild(): void {
  if (existsSync(join(DIST, 'index.html')) && existsSync(join(DIST, 'sw.js'))) return
  console.error('dist/ mancante: eseguo vite build…')
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', DIST, '--emptyOutDir'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  if (r.status !== 0) throw new Error('vite build non riuscito')
}

function ensureServerBundle(): void {
  if (existsSync(SERVER_BUNDLE)) return
  console.error('build/server mancante: eseguo scripts/build-server.mjs…')
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-server.mjs')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  if (r.status !== 0) throw new Error('build del server non riuscito')
}

/** Unique URLs of the precache manifest injected into dist/sw.js. */
export function precacheUrls(swSource: string): string[] {
  const urls = new Set<string>()
  for (const m of swSource.matchAll(/\{[^{}]*?\burl\s*:\s*"([^"]+)"[^{}]*?\}/g)) if (m[1]) urls.add(m[1])
  for (const m of swSource.matchAll(/\{[^{}]*?"url"\s*:\s*"([^"]+)"[^{}]*?\}/g)) if (m[1]) urls.add(m[1])
  return [...urls]
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

interface Server { child: ChildProcess; stop(): Promise<void> }

function startServer(dataDir: string): Server {
  const env: NodeJS.ProcessEnv = { ...process.env, STATIC_DIR: DIST, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }
  delete env.DATABASE_URL
  const child = spawn(process.execPath, [SERVER_BUNDLE], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  let stopping = false
  child.stderr?.on('data', (d: Buffer) => { stderr = (stderr + d.toString()).slice(-4000) })
  const exited = new Promise<void>((res) => child.once('exit', () => res()))
  child.once('exit', (code) => { if (code && code !== 0 && !stopping) console.error(`server uscito con codice ${code}\n${stderr}`) })
  return {
    child,
    async stop() {
      stopping = true
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}

/** Polls /api/health/ready until 200; resolves with the elapsed ms since `t0`. */
async function waitReady(server: Server, t0: number, timeoutMs = 120_000): Promise<number> {
  const url = `http://127.0.0.1:${PORT}/api/health/ready`
  while (performance.now() - t0 < timeoutMs) {
    if (server.child.exitCode !== null) throw new Error('il server è terminato prima di essere pronto')
    try {
      const res = await fetch(url)
      if (res.status === 200) return performance.now() - t0
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`${url} non pronto entro ${timeoutMs} ms`)
}

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
    await page.goto(`http://127.0.0.1:${PORT}/`, { waitUntil: 'networkidle' })
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

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY
  if (only !== 'outbox') await measureApp()
  if (only !== 'app') {
    // loaded here: it installs fake-indexeddb and opens its own in-memory server
    const { measureOutbox } = await import('./outbox')
    await measureOutbox()
  }
}

async function measureApp(): Promise<void> {
  ensureBuild()
  ensureServerBundle()
  measurePrecache()

  const dataDir = mkdtempSync(join(tmpdir(), 'pd-bench-'))
  try {
    // First start: migrates and seeds the fresh folder; also serves the landing measurement.
    const first = startServer(dataDir)
    const t0 = performance.now()
    try {
      const cold = await waitReady(first, t0)
      note(`primo avvio (migrazione + seed): ${cold.toFixed(0)} ms`)
      await measureLanding()
    } finally {
      await first.stop()
    }

    const warm: number[] = []
    for (let i = 0; i < 3; i++) {
      const server = startServer(dataDir)
      const start = performance.now()
      try {
        warm.push(await waitReady(server, start))
      } finally {
        await server.stop()
      }
    }
    warm.sort((a, b) => a - b)
    line('server_warm_start_ms', (warm[1] ?? NaN).toFixed(0), 'ms')
    note(`avvii a caldo: ${warm.map((w) => w.toFixed(0)).join(', ')} ms`)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
