/**
 * A real server process for the benchmarks that measure over HTTP (bench/lists.ts, bench/dashboard.ts):
 * `server/main.ts` through tsx with the given environment, its readiness, and ID tokens of the development
 * identity provider for a fiscal code (signed with the key the server wrote in `DATA_DIR/oidc-jwks.json`).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { importJWK, SignJWT, type JWK } from 'jose'
import { loadConfig } from '../server/config'

const ROOT = resolve(import.meta.dirname, '..')

/** A started server; `stop()` sends SIGTERM (SIGKILL after 10 s) and resolves once it has exited. */
export interface Server { child: ChildProcess; stop(): Promise<void> }

/** Starts `server/main.ts` with `env`; an unexpected exit prints the last 4 KB of its standard error. */
export function startServer(env: NodeJS.ProcessEnv): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'main.ts')], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] })
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

/** Resolves when `origin`/api/health/ready answers 200; throws if the server exits first or after `timeoutMs`. */
export async function waitReady(server: Server, origin: string, timeoutMs = 180_000): Promise<void> {
  const t0 = performance.now()
  while (performance.now() - t0 < timeoutMs) {
    if (server.child.exitCode !== null) throw new Error('il server è terminato prima di essere pronto')
    try {
      if ((await fetch(`${origin}/api/health/ready`)).status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('server non pronto')
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
