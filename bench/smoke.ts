/**
 * `npm run bench:smoke` (a step of `npm test`, after the build): every leg of `npm run bench` (bench/run.ts) at
 * tiny sizes, so that a bench can never silently break again (issue 24 point 9: the outbox leg had crashed outside
 * vitest for weeks). It runs bench/run.ts in a child process, as `npm run bench` does — outside vitest, with no
 * test harness — and fails when it exits non-zero or when a figure of {@link SMOKE_FIGURES} is missing or not a
 * number. No figure is compared with its target: at these sizes, and on a loaded machine, timings mean nothing.
 * Sizes: {@link SMOKE_ENV} (each can be overridden from the environment). The PostgreSQL legs (mass upload,
 * writes) start their private PostgreSQL 15 unless BENCH_DATABASE_URL is set; the app leg measures the existing
 * build (dist/, build/server), built first when missing.
 */
import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { performance } from 'node:perf_hooks'

const ROOT = resolve(import.meta.dirname, '..')

/** The sizes of the smoke run (see each leg's module comment for what they mean). */
export const SMOKE_ENV: Record<string, string> = {
  MASS_UPLOAD_ROWS: '60',
  BENCH_WRITES_RATE: '5',
  BENCH_WRITES_SECONDS: '2',
  BENCH_WRITES_WARMUP_SECONDS: '1',
  BENCH_WRITERS: '2',
  BENCH_SEARCH_ITEMS: '300',
  BENCH_SEARCH_RUNS: '6',
  BENCH_PGLITE_SCALE_DIVISOR: '1000',
  BENCH_LISTS_RUNS: '1',
  BENCH_LISTS_LEGS: 'pglite',
  BENCH_DASHBOARD_RUNS: '1',
  BENCH_DASHBOARD_LEGS: 'pglite',
  LH_RUNS: '1',
  BENCH_WARM_STARTS: '1',
  BENCH_OUTBOX_CHAINS: '3',
  // the field-sync leg (bench/campo-sync.ts) needs three server starts and a mass upload even at a tiny scale: left out
  BENCH_CAMPO_LEGS: 'none',
}

/** Figures every smoke run must print (`name: number unit`), leg by leg. */
export const SMOKE_FIGURES: readonly string[] = [
  // bench/mass-upload.ts
  'mass_upload_rows_per_s', 'mass_upload_total_s', 'mass_upload_node_cpu_ms_per_row', 'mass_upload_peak_rss_growth_mb', 'mass_upload_retained_heap_mb',
  // bench/pg-writes.ts
  'pg_writes_per_s', 'pg_write_p99_ms', 'pg_write_errors',
  // … and without the access register (issue 28 part 1: REGISTRO_ACCESSI=off)
  'pg_writes_per_s_registro_off', 'pg_write_p99_ms_registro_off', 'pg_write_errors_registro_off',
  // bench/search.ts
  'search_p95_ms',
  // bench/lists.ts, bench/dashboard.ts (PGlite leg at the smoke scale)
  'list_p95_ms_pglite_1_1000', 'list_slowest_p95_ms_pglite_1_1000', 'detail_p95_ms_pglite_1_1000', 'csv_export_s_pglite_1_1000', 'csv_export_peak_mb_pglite_1_1000',
  'list_p95_ms_pglite_1_1000_registro_off',
  'dashboard_p95_ms_pglite_1_1000', 'conservazione_rapporto_s_pglite_1_1000',
  // bench/run.ts: build, landing, pages, web, server start
  'precache_kb', 'landing_js_gzip_kb', 'landing_css_gzip_kb',
  'page_js_gzip_kb_servizi', 'page_js_gzip_kb_wizard', 'page_js_gzip_kb_programmi', 'page_js_gzip_kb_bacheca', 'page_js_gzip_kb_report',
  'lh_mobile_perf', 'lh_mobile_fcp_ms', 'lh_mobile_lcp_ms', 'lh_mobile_tbt_ms', 'lh_mobile_cls', 'lh_desktop_perf',
  'landing_transfer_kb', 'anonymous_first_visit_kb', 'offline_services_list_ms', 'server_warm_start_ms',
  // bench/outbox.ts
  'enqueue_p95_ms', 'idb_bytes_per_op', 'replay_ops_per_s',
]

/** The `name: value` figure lines of the bench's standard output. */
export function parseFigures(stdout: string): Map<string, string> {
  const figures = new Map<string, string>()
  for (const m of stdout.matchAll(/^([a-z][a-z0-9_]*): (\S+)/gm)) figures.set(m[1]!, m[2]!)
  return figures
}

/** What is wrong with the figures of a smoke run: missing ones, and values that are not finite numbers. */
export function smokeProblems(figures: Map<string, string>, expected: readonly string[] = SMOKE_FIGURES): string[] {
  const problems = expected.filter((name) => !figures.has(name)).map((name) => `${name}: mancante`)
  for (const [name, value] of figures) if (!Number.isFinite(Number(value))) problems.push(`${name}: «${value}» non è un numero`)
  return problems
}

async function main(): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...SMOKE_ENV, ...process.env }
  delete env.BENCH_ONLY
  delete env.BENCH_SCALE_DATABASE_URL
  delete env.DATABASE_URL
  const t0 = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(ROOT, 'bench', 'run.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] })
  let stdout = ''
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString()
    process.stdout.write(d)
  })
  const code = await new Promise<number | null>((res) => child.once('close', res))
  const seconds = ((performance.now() - t0) / 1000).toFixed(0)
  if (code !== 0) throw new Error(`bench:smoke: npm run bench è terminato con codice ${code} dopo ${seconds} s (dettagli sopra)`)
  const problems = smokeProblems(parseFigures(stdout))
  if (problems.length) throw new Error(`bench:smoke: figure non valide dopo ${seconds} s:\n  ${problems.join('\n  ')}`)
  console.error(`bench:smoke: ogni gamba del bench è arrivata in fondo (${parseFigures(stdout).size} figure in ${seconds} s)`)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await main()
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  }
}
