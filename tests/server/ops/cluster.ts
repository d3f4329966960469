/**
 * Several real server processes on one PostgreSQL behind a small round-robin HTTP proxy (issue 14 points 1–2),
 * for the tests of tests/server/ops:
 * - {@link startCluster}: a fresh, empty database on the `DATABASE_URL` server, `n` processes
 *   (bench/server-process.ts `startServer` through tsx) started together on it — each with its own `DATA_DIR` and
 *   port, no `CITIZEN_HASH_SECRET`/`COOKIE_KEYS` in their environment, `PUBLIC_URL` the proxy's origin — and the proxy;
 * - the proxy (node:http) sends each request to the next backend in turn, skips a backend refusing connections
 *   (stopped or restarting: as a load balancer does), and cuts the client's connection when a backend fails after
 *   the request was sent (the client sees a network error). A request header `x-backend: <i>` pins it to backend i.
 * - `api()` calls through the proxy with the contract's headers; `stop(i)` sends SIGTERM and resolves with the exit
 *   code; `start(i)` starts backend i again (same `DATA_DIR`, port and database) and waits for its readiness.
 * Only for PostgreSQL runs: callers skip without `DATABASE_URL`.
 */
import { createServer as createHttpServer, request as httpRequest, type IncomingMessage, type Server as HttpServer } from 'node:http'
import { createServer as createNetServer } from 'node:net'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { devToken, serverEnv, startServer, waitReady, type Server } from '../../../bench/server-process'

/** A free TCP port on 127.0.0.1 (chosen by the OS). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** One server process of the cluster. */
export interface Backend { index: number; port: number; dataDir: string; env: NodeJS.ProcessEnv; server: Server | null }

export interface Proxy {
  origin: string
  /** requests answered by each backend */
  served: number[]
  close(): Promise<void>
}

/** Starts the proxy in front of `backends` (read at each request: restarted backends are picked up). */
export async function startProxy(backends: () => readonly Backend[]): Promise<Proxy> {
  const served: number[] = []
  let next = 0
  const forward = (b: Backend, req: IncomingMessage, body: Buffer, res: import('node:http').ServerResponse) => new Promise<void>((resolve, reject) => {
    const upstream = httpRequest({ host: '127.0.0.1', port: b.port, method: req.method, path: req.url, headers: req.headers, agent: false }, (answer) => {
      served[b.index] = (served[b.index] ?? 0) + 1
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
      answer.on('error', () => res.destroy())
      res.on('close', () => answer.destroy())
      resolve()
    })
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      // refused: try another backend; any other failure after the request went out: the client's connection dies
      if (err.code === 'ECONNREFUSED') reject(err)
      else { res.destroy(); resolve() }
    })
    upstream.end(body)
  })
  const server: HttpServer = createHttpServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      void (async () => {
        const all = backends()
        const pinned = req.headers['x-backend']
        const order = pinned !== undefined ? [Number(pinned)] : all.map((_, k) => (next + k) % all.length)
        next = (next + 1) % Math.max(1, all.length)
        for (const i of order) {
          try {
            await forward(all[i]!, req, Buffer.concat(chunks), res)
            return
          } catch {
            // refused: next backend
          }
        }
        res.writeHead(502, { 'content-type': 'application/json' }).end('{"errorCode":"G01","message":"nessun server disponibile"}')
      })()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    origin: `http://127.0.0.1:${port}`,
    served,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}

export interface ApiOptions {
  token?: string
  role?: string
  body?: unknown
  /** raw body (with `contentType`) instead of JSON */
  raw?: string
  contentType?: string
  key?: string
  /** pin to backend i */
  backend?: number
  signal?: AbortSignal
}

export interface Cluster {
  proxy: Proxy
  backends: Backend[]
  /** the cluster's database URL */
  dbUrl: string
  /** a dev-provider ID token for `cf` (the key all processes share) */
  token(cf: string): Promise<string>
  /** a call through the proxy (`/api` + path) */
  api(method: string, path: string, opts?: ApiOptions): Promise<Response>
  /** SIGTERM to backend i; resolves with its exit code (null when killed by a signal) */
  stop(i: number): Promise<number | null>
  /** starts backend i again and waits until ready */
  start(i: number): Promise<void>
  /** a query on the cluster's database */
  query<T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>
  close(): Promise<void>
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try { await c.query(sql) } finally { await c.end() }
}

/** Starts `n` processes together on a new empty database of `adminUrl`'s server, and the proxy; see the module comment. */
export async function startCluster(adminUrl: string, n = 2, extraEnv: Record<string, string> = {}): Promise<Cluster> {
  const name = `pd_ops_${process.pid}_${randomBytes(4).toString('hex')}`
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`)
  const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString()
  const backends: Backend[] = []
  const proxy = await startProxy(() => backends)
  for (let index = 0; index < n; index++) {
    const port = await freePort()
    const dataDir = mkdtempSync(join(tmpdir(), `pd-ops-${index}-`))
    const env = serverEnv(port, {
      DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'no-build'), DATABASE_URL: dbUrl, PUBLIC_URL: proxy.origin, LOG_LEVEL: 'warn', ...extraEnv,
    })
    delete env.CITIZEN_HASH_SECRET
    delete env.COOKIE_KEYS
    backends.push({ index, port, dataDir, env, server: null })
  }
  const pool = new pg.Pool({ connectionString: dbUrl, max: 2 })
  // the DROP … WITH (FORCE) at the end terminates a connection the pool may still be ending
  pool.on('error', () => undefined)
  const start = async (i: number) => {
    const b = backends[i]!
    b.server = startServer(b.env)
    await waitReady(b.server, `http://127.0.0.1:${b.port}`, { timeoutMs: 120_000 })
  }
  const cluster: Cluster = {
    proxy,
    backends,
    dbUrl,
    token: (cf) => devToken(backends[0]!.env, cf),
    api(method, path, o = {}) {
      const headers: Record<string, string> = {}
      if (o.token) headers.authToken = o.token
      if (o.role) headers.userRole = o.role
      if (o.key) headers['Idempotency-Key'] = o.key
      if (o.backend !== undefined) headers['x-backend'] = String(o.backend)
      let body: string | undefined
      if (o.raw !== undefined) {
        body = o.raw
        headers['content-type'] = o.contentType ?? 'application/octet-stream'
      } else if (o.body !== undefined) {
        body = JSON.stringify(o.body)
        headers['content-type'] = 'application/json'
      }
      return fetch(`${proxy.origin}/api${path}`, { method, headers, body, signal: o.signal ?? AbortSignal.timeout(30_000) })
    },
    async stop(i) {
      const server = backends[i]!.server
      if (!server) return null
      const child = server.child
      const code = child.exitCode !== null || child.signalCode !== null
        ? Promise.resolve(child.exitCode)
        : new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)))
      await server.stop()
      backends[i]!.server = null
      return code
    },
    start,
    async query<T extends Record<string, unknown>>(sql: string, params: unknown[] = []) {
      return (await pool.query(sql, params)).rows as T[]
    },
    async close() {
      await Promise.all(backends.map(async (b) => { await b.server?.stop() }))
      await proxy.close()
      await pool.end()
      for (const b of backends) rmSync(b.dataDir, { recursive: true, force: true })
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    },
  }
  try {
    // together, on the empty database: migrations and seed race (advisory locks)
    await Promise.all(backends.map((_, i) => start(i)))
  } catch (err) {
    await cluster.close().catch(() => undefined)
    throw err
  }
  return cluster
}

/** The profile ids of `cf` in `role`, read through the cluster (`/api/contesto`). */
export async function profileIds(cluster: Cluster, token: string, role: string): Promise<{ idProgramma: number; idProgetto: number; idEnte: number; userId?: number }> {
  const res = await cluster.api('POST', '/contesto', { token, body: {} })
  if (res.status !== 200) throw new Error(`contesto ${res.status} ${await res.text()}`)
  const contesto = await res.json() as { profiliUtente: { codiceRuolo: string; idProgramma: number; idProgetto: number; idEnte: number }[] }
  const p = contesto.profiliUtente.find((x) => x.codiceRuolo === role)
  if (!p) throw new Error(`no ${role} profile`)
  return { idProgramma: p.idProgramma, idProgetto: p.idProgetto, idEnte: p.idEnte }
}
