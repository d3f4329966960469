/**
 * `npm run bench` — write throughput of two server processes on one PostgreSQL (issue 14 point 4):
 * - pg_writes_per_s: field writes (services, citizens, surveys: bench/writes.ts) answered 2xx per second, under an
 *   open-loop load of BENCH_WRITES_RATE (default 300) writes/s for BENCH_WRITES_SECONDS (default 300) after a
 *   warm-up of BENCH_WRITES_WARMUP_SECONDS (default 20), spread round-robin over BENCH_WRITES_PROCESSES (default 2) processes. Target ≥ 300.
 * - pg_write_p99_ms: p99 latency of those writes, from each one's scheduled time to its answer. Target ≤ 200.
 * - pg_write_errors: answers that were not 2xx, and network errors. Target 0.
 * The processes run the built server (build/server/main.mjs, as `npm start`) with the same DATA_DIR, on a fresh
 * database of BENCH_DATABASE_URL's server, else of a private PostgreSQL 15 started for the run (default settings,
 * as .ci/run starts it). Issue 28 part 1: measured with the access register on, then off (`REGISTRO_ACCESSI=off`: the
 * same three figures suffixed `_registro_off`; `BENCH_REGISTRO=on` or `off` runs one of them). Details (p50/p95/max, the mix, each process's memory, CPU) go to stderr.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { freshDatabase, startPostgres } from './mass-upload'
import { registroLegs, serverEnv } from './server-process'
import { loadWriters, rssMiB, runWriteLoad, startProcesses, summarise, writesNote as note } from './writes'

const ROOT = resolve(import.meta.dirname, '..')
/** /metrics is on, as an operator runs it (its per-request counting is part of what is measured) */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef'
const print = (name: string, value: string, unit: string) => console.log(`${name}: ${value}${unit ? ` ${unit}` : ''}`)

/** The built server bundle, built when missing. */
export function serverBundle(): string {
  const bundle = join(ROOT, 'build', 'server', 'main.mjs')
  if (!existsSync(bundle)) {
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-server.mjs')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
    if (r.status !== 0) throw new Error('build del server non riuscito')
  }
  return bundle
}

/** Two (BENCH_WRITES_PROCESSES) processes on a fresh PostgreSQL database; `run` gets their origins and pids. */
export async function withProcesses<T>(port: number, run: (origins: string[], pids: (number | undefined)[], env: NodeJS.ProcessEnv) => Promise<T>, extra: Record<string, string> = {}): Promise<T> {
  const own = process.env.BENCH_DATABASE_URL ? null : startPostgres()
  // each leg starts its own PostgreSQL: its CPU is read from this postmaster (not the previous leg's)
  if (own) process.env.BENCH_PG_POSTMASTER = String(own.postmaster)
  const dataDir = mkdtempSync(join(tmpdir(), 'pd-bench-writes-'))
  const n = Number(process.env.BENCH_WRITES_PROCESSES ?? 2)
  let stop: (() => Promise<void>) | undefined
  try {
    const url = await freshDatabase(process.env.BENCH_DATABASE_URL ?? own!.url)
    // one PUBLIC_URL for all, as behind a load balancer (the ID tokens' issuer is PUBLIC_URL/oidc)
    const envOf = (p: number) => serverEnv(p, { DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'no-build'), DATABASE_URL: url, PUBLIC_URL: `http://127.0.0.1:${port}`, METRICS_TOKEN: BENCH_METRICS_TOKEN, ...extra })
    const { servers, origins } = await startProcesses(n, port, envOf, serverBundle())
    stop = async () => { await Promise.all(servers.map((s) => s.stop())) }
    return await run(origins, servers.map((s) => s.child.pid), { ...envOf(port), DATABASE_URL: url })
  } finally {
    await stop?.()
    rmSync(dataDir, { recursive: true, force: true })
    own?.stop()
  }
}

/** Measures and prints the figures of the module comment. */
export async function measurePgWrites(port = 18530): Promise<void> {
  // issue 28 part 1: with the access register written, then without it (`_registro_off`; BENCH_REGISTRO)
  for (const r of registroLegs()) await measurePgWritesLeg(port, r.suffix, r.env)
}

async function measurePgWritesLeg(port: number, suffix: string, extra: Record<string, string>): Promise<void> {
  const rate = Number(process.env.BENCH_WRITES_RATE ?? 300)
  const seconds = Number(process.env.BENCH_WRITES_SECONDS ?? 300)
  const line = (name: string, value: string, unit: string) => print(`${name}${suffix}`, value, unit)
  await withProcesses(port, async (origins, pids, env) => {
    const writers = await loadWriters(env.DATABASE_URL as string, env, origins[0] as string)
    note(`scritture: ${writers.length} profili di facilitatori e volontari (del seed e iscritti dal DTD), ${origins.length} processi, ${rate}/s per ${seconds} s`)
    await runWriteLoad({ origins, writers, rate, seconds: Number(process.env.BENCH_WRITES_WARMUP_SECONDS ?? 20) })
    const cpu0 = pids.map(cpuTicks)
    const pg0 = postgresTicks()
    const samples = await runWriteLoad({ origins, writers, rate, seconds })
    const cpu = pids.map((pid, i) => (cpuTicks(pid) - (cpu0[i] ?? 0)) / 100 / seconds)
    const pgCpu = (postgresTicks() - pg0) / 100 / seconds
    const s = summarise(samples, seconds)
    line('pg_writes_per_s', s.writesPerS.toFixed(1), 'writes/s')
    line('pg_write_p99_ms', s.p99.toFixed(1), 'ms')
    line('pg_write_errors', String(s.errors), '')
    note(`latenza p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, max ${s.max.toFixed(0)} ms; ${s.byKind}; errori ${[...s.statuses].map(([k, v]) => `${k} ×${v}`).join(', ') || 'nessuno'}`)
    if (suffix) note(`(registro degli accessi spento: REGISTRO_ACCESSI=off)`)
    note(`processi: memoria ${pids.map((p) => `${rssMiB(p).toFixed(0)} MiB`).join(', ')}; CPU ${cpu.map((c) => `${(c * 100).toFixed(0)}%`).join(', ')} di un core, PostgreSQL ${(pgCpu * 100).toFixed(0)}%; CPU per scrittura: server ${(cpu.reduce((a, b) => a + b, 0) * 1000 / Math.max(1, s.writesPerS)).toFixed(2)} ms, PostgreSQL ${(pgCpu * 1000 / Math.max(1, s.writesPerS)).toFixed(2)} ms; carico medio ${loadavg()[0]?.toFixed(1)} su ${availableParallelism()} core`)
  }, extra)
}

/** utime + stime of a process in clock ticks (1/100 s), Linux /proc. */
export function cpuTicks(pid: number | undefined): number {
  if (!pid) return 0
  try {
    const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ')
    return Number(fields[11]) + Number(fields[12])
  } catch {
    return 0
  }
}

/**
 * CPU ticks of the PostgreSQL processes: the children of BENCH_PG_POSTMASTER (a postmaster's pid, first line of
 * its data folder's postmaster.pid) when set, else every process named `postgres` (all clusters of the machine).
 */
export function postgresTicks(): number {
  const parent = process.env.BENCH_PG_POSTMASTER
  const r = spawnSync('pgrep', parent ? ['-P', parent] : ['-x', 'postgres'], { encoding: 'utf8' })
  return (r.stdout ?? '').split('\n').filter(Boolean).reduce((sum, pid) => sum + cpuTicks(Number(pid)), 0)
}
