// @vitest-environment node
/**
 * The kill -9 fault test of server idempotency (security issue 6 item 2): the real server
 * (`node --import tsx server/main.ts`) on a file PGlite in DATA_DIR — or on a private PostgreSQL database
 * when DATABASE_URL is set — takes a burst of idempotent writes (service creations and citizen additions),
 * is SIGKILLed mid-burst, restarted on the same database with a short stale-claim timeout
 * (IDEMPOTENCY_STALE_MS), and every in-flight request is sent again with its key, then every answered
 * one. Asserted: no resend hangs, every in-flight key ends 2xx within 10 s after the claim timeout (or
 * the restart, whichever is later), the answers received before the kill are replayed byte for byte, and
 * no write happened twice (rows counted per name, per citizen and per key in the database).
 * The first start (database created, migrated, seeded) is the arrangement, in `beforeAll`.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { importJWK, SignJWT, type JWK } from 'jose'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectPath } from '../../../server/paths'
import { tempDir } from '../helpers'
import { CF, DEMOGRAFICA, fiscalCodeAged, named, servizioBody, type Actor } from './fixtures'

const STALE_MS = 2000
const SERVICES = 16
const CITIZENS = 16
/** the kill comes once this many answers of the burst have arrived */
const KILL_AFTER = 6
/** one HTTP answer must come within this (the server's own wait is 5 s): longer is a hang */
const ANSWER_TIMEOUT_MS = 15_000
const FINAL_WITHIN_MS = 10_000

interface Sent { key: string; path: string; body: Record<string, unknown>; kind: 'servizio' | 'cittadino'; label: string }
interface FirstAnswer { status: number; text: string }

/** A free port in 18200–18299 (the range these tests may use). */
async function freePort(): Promise<number> {
  const start = 18200 + Math.floor(Math.random() * 100)
  for (let i = 0; i < 100; i++) {
    const port = 18200 + ((start - 18200 + i) % 100)
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer()
      probe.once('error', () => resolve(false))
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
    })
    if (free) return port
  }
  throw new Error('no free port in 18200-18299')
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A database row count, whatever the driver returns (bigint as string or number). */
const num = (v: unknown) => Number(v)

describe('kill -9 during a burst of idempotent writes', () => {
  const adminUrl = process.env.DATABASE_URL
  const dataDir = tempDir('fault')
  const dbName = `pd_fault_${process.pid}_${randomBytes(4).toString('hex')}`
  const dbUrl = adminUrl ? Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString() : undefined
  let child: ChildProcess | undefined
  let log = ''

  const admin = async <T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> => {
    const c = new pg.Client({ connectionString: url })
    await c.connect()
    try {
      return await work(c)
    } finally {
      await c.end()
    }
  }

  /** Rows of `sql` on the test's database: PostgreSQL, or the PGlite files once no server holds them. */
  const query = async (sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> => {
    if (dbUrl) return admin(dbUrl, async (c) => (await c.query(sql, params)).rows as Record<string, unknown>[])
    const db = new PGlite(join(dataDir, 'pglite'))
    try {
      return (await db.query<Record<string, unknown>>(sql, params)).rows
    } finally {
      await db.close()
    }
  }

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
    if (adminUrl) await admin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`))
  })

  const env: NodeJS.ProcessEnv = {}
  let base = ''
  let post: (path: string, body: unknown, key?: string) => Promise<Response>
  let ids: Actor['ids']
  let sara: Actor
  let idSede: number
  let idServizio: number
  let firstStartMs = 0

  /** Starts the server and resolves once `/api/health/ready` answers 200 (within `limitMs`). */
  const start = async (limitMs: number): Promise<ChildProcess> => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: projectPath(), env, stdio: ['ignore', 'pipe', 'pipe'] })
    proc.stdout?.on('data', (d: Buffer) => { log += d.toString() })
    proc.stderr?.on('data', (d: Buffer) => { log += d.toString() })
    const until = Date.now() + limitMs
    while (Date.now() < until) {
      if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}:\n${log}`)
      const ok = await fetch(`${base}/api/health/ready`, { signal: AbortSignal.timeout(1000) }).then((r) => r.ok, () => false)
      if (ok) return proc
      await sleep(100)
    }
    proc.kill('SIGKILL')
    throw new Error(`server not ready within ${limitMs} ms:\n${log}`)
  }
  const exited = (proc: ChildProcess) => new Promise<void>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) resolve()
    else proc.once('exit', () => resolve())
  })

  // first start (database created, migrated and seeded by the server itself) and the arrangement
  beforeAll(async () => {
    if (adminUrl) await admin(adminUrl, (c) => c.query(`CREATE DATABASE ${dbName}`))
    const port = await freePort()
    base = `http://127.0.0.1:${port}`
    Object.assign(env, process.env, {
      PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-build'), LOG_LEVEL: 'warn', IDEMPOTENCY_STALE_MS: String(STALE_MS), NODE_ENV: 'test',
    })
    delete env.DATABASE_URL
    if (dbUrl) env.DATABASE_URL = dbUrl
    const t0 = Date.now()
    child = await start(100_000)
    firstStartMs = Date.now() - t0

    // Sara (FAC) with a token signed by the development provider's own key
    const { keys } = JSON.parse(readFileSync(join(dataDir, 'oidc-jwks.json'), 'utf8')) as { keys: JWK[] }
    const jwk = keys[0]!
    const now = Math.floor(Date.now() / 1000)
    const token = await new SignJWT({ fiscalNumber: `TINIT-${CF.SARA}`, name: 'Sara' })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid }).setIssuer(`${base}/oidc`).setAudience('punto-digitale')
      .setSubject(CF.SARA).setIssuedAt(now).setExpirationTime(now + 3600).sign(await importJWK(jwk, 'RS256'))
    const headers = { 'content-type': 'application/json', authToken: token, userRole: 'FAC' }
    post = (path, body, key) => fetch(`${base}${path}`, {
      method: 'POST', body: JSON.stringify(body), signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
      headers: key ? { ...headers, 'Idempotency-Key': key } : headers,
    })
    const contesto = await (await post('/api/contesto', {})).json() as { profiliUtente: (Actor['ids'] & { codiceRuolo: string })[] }
    const p = contesto.profiliUtente.find((x) => x.codiceRuolo === 'FAC')!
    ids = { idProgramma: p.idProgramma, idProgetto: p.idProgetto, idEnte: p.idEnte }
    sara = { cf: CF.SARA, role: 'FAC', token, ids, userId: 0 }
    idSede = ((await (await post('/api/servizio/facilitatore/sedi/dropdown', ids)).json()) as { id: number }[])[0]!.id
    const host = await post('/api/servizio', { ...ids, ...servizioBody(sara, idSede, { nomeServizio: named('Guasto ospite'), data: '2025-05-02' }) })
    if (host.status !== 201) throw new Error(`host service: ${host.status} ${await host.text()}`)
    idServizio = ((await host.json()) as { idServizio: number }).idServizio
  }, 120_000)

  it('answers every resend within 10 s after the claim timeout, with no duplicate and no hang', async () => {
    const t0 = Date.now()
    // the burst: every request with its own key, the service names and the citizens all different
    const burst: Sent[] = [
      ...Array.from({ length: SERVICES }, (_, i): Sent => {
        const label = named(`Guasto ${i}`)
        return { key: crypto.randomUUID(), path: '/api/servizio', kind: 'servizio', label,
          body: { ...ids, ...servizioBody(sara, idSede, { nomeServizio: label, data: '2025-05-03' }) } }
      }),
      ...Array.from({ length: CITIZENS }, (): Sent => {
        const cf = fiscalCodeAged(30 + Math.floor(Math.random() * 40))
        return { key: crypto.randomUUID(), path: `/api/servizio/cittadino/${idServizio}`, kind: 'cittadino', label: cf,
          body: { ...ids, codiceFiscale: cf, nuovoCittadino: false, ...DEMOGRAFICA } }
      }),
    ].sort(() => Math.random() - 0.5)

    const first = new Map<string, FirstAnswer>()
    const victim = child
    if (!victim) throw new Error('server not started')
    let killAt = 0
    const killed = new Promise<void>((resolve) => {
      const kill = () => {
        if (killAt) return
        killAt = Date.now()
        victim.kill('SIGKILL')
        resolve()
      }
      setTimeout(kill, 20_000) // never waits longer than this for the first answers
      void Promise.all(burst.map(async (s) => {
        try {
          const res = await post(s.path, s.body, s.key)
          const text = await res.text()
          if (!killAt) first.set(s.key, { status: res.status, text })
        } catch {
          // the connection died with the server: this request is in flight
        }
        if (first.size >= KILL_AFTER) kill()
      }))
    })
    await killed
    await exited(victim)
    const inFlight = burst.filter((s) => !first.has(s.key))

    const restartBegin = Date.now()
    const logBefore = log.length
    child = await start(45_000)
    const readyAt = Date.now()
    const claimTimeoutAt = killAt + STALE_MS

    // every in-flight request again, with its key (409 G06: a claim younger than the stale timeout, retried);
    // then the answered ones, which must replay
    let hangs = 0
    let g06 = 0
    const resend = (s: Sent) => (async () => {
      const until = Math.max(readyAt, claimTimeoutAt) + FINAL_WITHIN_MS
      for (;;) {
        let res: Response
        try {
          res = await post(s.path, s.body, s.key)
        } catch {
          hangs++
          return { s, status: 0, text: '', at: Date.now(), replayed: false }
        }
        const text = await res.text()
        const errorCode = res.status === 409 ? (JSON.parse(text) as { errorCode?: string }).errorCode : undefined
        if (errorCode === 'G06' && Date.now() < until) {
          g06++
          await sleep(200)
          continue
        }
        return { s, status: res.status, text, at: Date.now(), replayed: res.headers.get('idempotent-replayed') === 'true' }
      }
    })()
    const resent = await Promise.all(inFlight.map(resend))
    const lastAnswerAfterTimeout = Math.max(...resent.map((f) => f.at)) - Math.max(readyAt, claimTimeoutAt)
    // the claims the kill left pending, as the restarted server reports taking them over
    const takenOver = log.slice(logBefore).split('\n').filter((line) => line.includes('abandoned claim taken over')).length
    const finals = [...resent, ...await Promise.all(burst.filter((s) => first.has(s.key)).map(resend))]

    // graceful stop, then count rows
    child.kill('SIGTERM')
    await exited(child)
    const services = await query(`SELECT nome, count(*) AS n FROM servizio WHERE nome = ANY($1::text[]) GROUP BY nome`,
      [burst.filter((s) => s.kind === 'servizio').map((s) => s.label)])
    const [links] = await query('SELECT count(*) AS n, count(DISTINCT id_cittadino) AS d FROM servizio_x_cittadino WHERE id_servizio = $1', [idServizio])
    const [surveys] = await query('SELECT count(*) AS n FROM questionario_compilato WHERE id_servizio = $1', [idServizio])
    const records = await query('SELECT key, count(*) AS n, min(status_code) AS s FROM idempotency_record WHERE key = ANY($1::text[]) GROUP BY key',
      [burst.map((s) => s.key)])

    const figures = {
      database: dbUrl ? 'postgres' : 'pglite', burst: burst.length, answeredBeforeKill: first.size, inFlight: inFlight.length,
      takenOver, firstStartMs, restartMs: readyAt - restartBegin, g06Retries: g06, hangs,
      lastAnswerAfterClaimTimeoutMs: lastAnswerAfterTimeout, totalMs: Date.now() - t0,
    }
    console.log(`[fault] ${JSON.stringify(figures)}`)

    expect(inFlight.length, 'the kill must leave requests in flight').toBeGreaterThan(0)
    expect(hangs).toBe(0)
    expect(takenOver, 'the kill must leave claims to take over').toBeGreaterThan(0)
    expect(finals.filter((f) => f.status < 200 || f.status >= 300).map((f) => `${f.s.kind} ${f.status} ${f.text}`)).toEqual([])
    expect(lastAnswerAfterTimeout).toBeLessThanOrEqual(FINAL_WITHIN_MS)
    for (const f of finals) {
      const before = first.get(f.s.key)
      if (before && before.status >= 200 && before.status < 300) {
        expect(f.replayed).toBe(true)
        expect(f.text).toBe(before.text)
      }
    }
    // 0 duplicates: one service per name, one link and one survey per citizen, one record per key
    expect(services).toHaveLength(SERVICES)
    expect(services.filter((r) => num(r.n) !== 1)).toEqual([])
    expect({ links: num(links?.n), citizens: num(links?.d), surveys: num(surveys?.n) }).toEqual({ links: CITIZENS, citizens: CITIZENS, surveys: CITIZENS })
    expect(records).toHaveLength(burst.length)
    expect(records.filter((r) => num(r.n) !== 1 || num(r.s) < 200 || num(r.s) >= 300)).toEqual([])
  }, 60_000)
})
