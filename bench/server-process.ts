/**
 * A real server process for the benchmarks that measure over HTTP (bench/run.ts, bench/lists.ts,
 * bench/dashboard.ts): its environment, `server/main.ts` through tsx (or a built bundle) started with it, its
 * readiness, ID tokens of the development identity provider for a fiscal code (signed with the key the server
 * wrote in `DATA_DIR/oidc-jwks.json`), and the two scale legs of lists and dashboard (PGlite at 1/100 seeded in a
 * fresh temp folder; PostgreSQL at full scale on BENCH_SCALE_DATABASE_URL).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { importJWK, SignJWT, type JWK } from 'jose'
import { loadConfig } from '../server/config'

const ROOT = resolve(import.meta.dirname, '..')

const note = (text: string) => console.error(`  ${text}`)

/** A started server; `stop()` sends SIGTERM (SIGKILL after 10 s) and resolves once it has exited. */
export interface Server { child: ChildProcess; stop(): Promise<void> }

/**
 * The environment of a bench server on 127.0.0.1:`port` (PUBLIC_URL the same origin, LOG_LEVEL warn) plus `extra`;
 * DATABASE_URL is dropped (PGlite in DATA_DIR) unless `extra` sets it.
 */
export function serverEnv(port: number, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn', ...extra,
  }
  if (!extra.DATABASE_URL) delete env.DATABASE_URL
  return env
}

/**
 * The access register's legs of a measure, in the order given (issue 28 part 1): `BENCH_REGISTRO` (default `on,off`) — `on` measures the
 * server as it runs (register written), `off` again with `REGISTRO_ACCESSI=off`, its figures suffixed `_registro_off`.
 */
export function registroLegs(): { suffix: string; env: Record<string, string> }[] {
  const legs = [...new Set((process.env.BENCH_REGISTRO ?? 'on,off').split(',').map((s) => s.trim()))]
  // in the order given (`off,on` measures the server without the register first)
  return legs.flatMap((leg) => (leg === 'on' ? [{ suffix: '', env: {} }] : leg === 'off' ? [{ suffix: '_registro_off', env: { REGISTRO_ACCESSI: 'off' } }] : []))
}

/**
 * Starts the server with `env`: `server/main.ts` through tsx, or the built `bundle` (e.g. build/server/main.mjs,
 * as `npm start` runs it) when given. An unexpected exit prints the last 4 KB of its standard error.
 */
export function startServer(env: NodeJS.ProcessEnv, bundle?: string): Server {
  // BENCH_NODE_ARGS: extra Node options of the server processes (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`)
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []
  const args = [...nodeArgs, ...(bundle ? [bundle] : ['--import', 'tsx', join(ROOT, 'server', 'main.ts')])]
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (d: Buffer) => { stderr = (stderr + d.toString()).slice(-4000) })
  const exited = new Promise<void>((res) => child.once('exit', () => res()))
  let stopping = false
  child.once('exit', (code) => { if (code && !stopping) console.error(`server uscito con codice ${code}\n${stderr}`) })
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

/**
 * Polls `origin`/api/health/ready every `pollMs` until it answers 200 and resolves with the ms elapsed since the
 * call; throws if the server exits first or after `timeoutMs`.
 */
export async function waitReady(server: Server, origin: string, { timeoutMs = 180_000, pollMs = 50 } = {}): Promise<number> {
  const url = `${origin}/api/health/ready`
  const t0 = performance.now()
  while (performance.now() - t0 < timeoutMs) {
    if (server.child.exitCode !== null) throw new Error('il server è terminato prima di essere pronto')
    try {
      if ((await fetch(url)).status === 200) return performance.now() - t0
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, pollMs))
  }
  throw new Error(`${url} non pronto entro ${timeoutMs} ms`)
}

/** An ID token of the dev provider for `cf`, valid one hour. */
export async function devToken(env: NodeJS.ProcessEnv, cf: string): Promise<string> {
  const config = loadConfig(env)
  const { keys } = JSON.parse(readFileSync(join(config.dataDir, 'oidc-jwks.json'), 'utf8')) as { keys: JWK[] }
  const key = keys[0] as JWK
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ fiscalNumber: `TINIT-${cf}`, name: 'Bench' }).setProtectedHeader({ alg: 'RS256', kid: key.kid })
    .setIssuer(config.oidc.issuer).setAudience(config.oidc.clientId).setSubject(cf).setIssuedAt(now).setExpirationTime(now + 3600)
    .sign(await importJWK(key, 'RS256'))
}

/**
 * The scale of the PGlite leg: 1/100, or 1/BENCH_PGLITE_SCALE_DIVISOR (e.g. 1000 in `npm run bench:smoke`), and
 * the suffix of its figures (`pglite_1_100`).
 */
export function pgliteScale(): { scale: number; suffix: string } {
  const divisor = Number(process.env.BENCH_PGLITE_SCALE_DIVISOR ?? 100)
  if (!(Number.isInteger(divisor) && divisor >= 1)) throw new Error(`BENCH_PGLITE_SCALE_DIVISOR non valido: ${process.env.BENCH_PGLITE_SCALE_DIVISOR}`)
  return { scale: 1 / divisor, suffix: `pglite_1_${divisor}` }
}

/** What one benchmark measures on a seeded database: `suffix` names the leg (`pglite_1_100` or `pg`). */
export type ScaleLeg = (suffix: string, env: NodeJS.ProcessEnv) => Promise<void>

/**
 * Runs `measure` on the scale legs `legs` names (comma-separated, `pglite` and/or `pg`), with a server on `port`:
 * - `pglite_1_100`: a fresh temp folder (`pd-bench-<name>-…`) seeded by `seed:scale --scale 0.01` (timed on stderr);
 * - `pg`: the database BENCH_SCALE_DATABASE_URL names (filled by `npm run seed:scale`); without it a note says
 *   that `what` was not measured.
 * Temp folders are removed afterwards; a failed seeding throws.
 */
export async function scaleLegs(name: string, what: string, legs: string, port: number, measure: ScaleLeg): Promise<void> {
  if (legs.includes('pglite')) {
    const dataDir = mkdtempSync(join(tmpdir(), `pd-bench-${name}-`))
    try {
      const env = serverEnv(port, { DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'no-build') })
      const { scale, suffix } = pgliteScale()
      const t0 = performance.now()
      const seeded = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'seed-scale.ts'), '--scale', String(scale)], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] })
      if (seeded.status !== 0) throw new Error(`seed:scale --scale ${scale} non riuscito`)
      note(`${suffix}: seed:scale in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
      await measure(suffix, env)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
  if (legs.split(',').includes('pg')) {
    const url = process.env.BENCH_SCALE_DATABASE_URL
    if (!url) {
      note(`${what} su PostgreSQL a scala piena non misurato: imposta BENCH_SCALE_DATABASE_URL (database popolato con npm run seed:scale)`)
      return
    }
    const pgDir = mkdtempSync(join(tmpdir(), `pd-bench-${name}-pg-`))
    try {
      await measure('pg', serverEnv(port, { DATA_DIR: pgDir, STATIC_DIR: join(pgDir, 'no-build'), DATABASE_URL: url }))
    } finally {
      rmSync(pgDir, { recursive: true, force: true })
    }
  }
}
