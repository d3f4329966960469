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
 * The first start (database created, migrated, seeded) is the arrangement, in `beforeAll`. The kill waits
 * for a claim outstanding (the server's debug log names each claim and each stored answer); should it still
 * leave nothing to take over, the fault is repeated, three cycles at most.
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
/** the kill comes once this many answers of the burst have arrived and a claim is outstanding */
const KILL_AFTER = 4
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
      STATIC_DIR: join(dataDir, 'no-build'), LOG_LEVEL: 'debug', IDEMPOTENCY_STALE_MS: String(STALE_MS), NODE_ENV: 'test',
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
    let hangs = 0
    let g06 = 0
    const usedCodes = new Set<string>()

    /** One fault: a burst, SIGKILL once KILL_AFTER answers have arrived, restart, resend everything. */
    const cycle = async (round: number) => {
      // every request with its own key; the service names and the citizens all different
      const burst: Sent[] = [
        ...Array.from({ length: SERVICES }, (_, i): Sent => {
          const label = named(`Guasto ${round}.${i}`)
          return { key: crypto.randomUUID(), path: '/api/servizio', kind: 'servizio', label,
            body: { ...ids, ...servizioBody(sara, idSede, { nomeServizio: label, data: '2025-05-03' }) } }
        }),
        ...Array.from({ length: CITIZENS }, (): Sent => {
          let cf: string
          do cf = fiscalCodeAged(30 + Math.floor(Math.random() * 40))
          while (usedCodes.has(cf)) // a code twice would be a second addition of one citizen (409 U23), not a fault
          usedCodes.add(cf)
          return { key: crypto.randomUUID(), path: `/api/servizio/cittadino/${idServizio}`, kind: 'cittadino', label: cf,
            body: { ...ids, codiceFiscale: cf, nuovoCittadino: false, ...DEMOGRAFICA } }
        }),
      ].sort(() => Math.random() - 0.5)

      const first = new Map<string, FirstAnswer>()
      const victim = child
      if (!victim) throw new Error('server not started')
      const logStart = log.length
      // The kill must find a claim outstanding: PGlite serves one request after the other, so a kill as an
      // answer arrives falls between two requests and leaves nothing to take over. Once KILL_AFTER answers
      // are in, each answer freezes the server (SIGSTOP), reads its debug log (a claim with no stored
      // answer yet: 'key claimed' without 'answer stored' for the same reqId) and SIGKILLs it, else thaws it.
      const outstanding = () => {
        const open = new Set<string>()
        for (const line of log.slice(logStart).split('\n')) {
          const reqId = /"reqId":"([^"]+)"/.exec(line)?.[1]
          if (!reqId) continue
          if (line.includes('idempotency: key claimed')) open.add(reqId)
          else if (line.includes('idempotency: answer stored')) open.delete(reqId)
        }
        return open.size
      }
      let answers = 0
      let probing = false
      let killAt = 0
      await new Promise<void>((resolve) => {
        const kill = () => {
          if (killAt) return
          killAt = Date.now()
          victim.kill('SIGKILL')
          resolve()
        }
        const probe = async () => {
          if (probing || killAt || answers < KILL_AFTER) return
          probing = true
          victim.kill('SIGSTOP')
          await sleep(30) // what the server logged before the stop comes through the pipe
          if (outstanding() > 0) kill()
          else victim.kill('SIGCONT')
          probing = false
        }
        setTimeout(kill, 20_000) // never waits longer than this
        void Promise.all(burst.map(async (s) => {
          try {
            const res = await post(s.path, s.body, s.key)
            const text = await res.text()
            if (!killAt) first.set(s.key, { status: res.status, text })
          } catch {
            // the connection died with the server: this request is in flight
          }
          answers++
          await probe()
        })).then(kill) // every answer in before a probe hit: kill all the same (a cycle with nothing to take over)
      })
      await exited(victim)
      const inFlight = burst.filter((s) => !first.has(s.key))

      const restartBegin = Date.now()
      const logBefore = log.length
      child = await start(45_000)
      const readyAt = Date.now()
      const from = Math.max(readyAt, killAt + STALE_MS) // the later of the claim timeout and the restart

      // every in-flight request again, with its key (409 G06: a claim younger than the stale timeout,
      // retried); then the answered ones, which must replay
      const resend = async (s: Sent) => {
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
          if (errorCode === 'G06' && Date.now() < from + FINAL_WITHIN_MS) {
            g06++
            await sleep(200)
            continue
          }
          return { s, status: res.status, text, at: Date.now(), replayed: res.headers.get('idempotent-replayed') === 'true' }
        }
      }
      const resent = await Promise.all(inFlight.map(resend))
      const lastAnswerAfterTimeoutMs = Math.max(...resent.map((f) => f.at)) - from
      // the claims the kill left pending, as the restarted server reports taking them over
      const takenOver = log.slice(logBefore).split('\n').filter((line) => line.includes('abandoned claim taken over')).length
      const finals = [...resent, ...await Promise.all(burst.filter((s) => first.has(s.key)).map(resend))]
      return { burst, first, inFlight: inFlight.length, takenOver, finals, lastAnswerAfterTimeoutMs, restartMs: readyAt - restartBegin }
    }

    // should a kill still leave no claim to take over (its outstanding claims all committed, their answers
    // on the way), the fault is repeated, three cycles at most (not after a hang: that is the failure)
    const cycles: Awaited<ReturnType<typeof cycle>>[] = []
    do cycles.push(await cycle(cycles.length))
    while (cycles.length < 3 && hangs === 0 && cycles.every((c) => c.takenOver === 0))

    // graceful stop, then count rows
    child?.kill('SIGTERM')
    if (child) await exited(child)
    const burst = cycles.flatMap((c) => c.burst)
    const services = await query(`SELECT nome, count(*) AS n FROM servizio WHERE nome = ANY($1::text[]) GROUP BY nome`,
      [burst.filter((s) => s.kind === 'servizio').map((s) => s.label)])
    const [links] = await query('SELECT count(*) AS n, count(DISTINCT id_cittadino) AS d FROM servizio_x_cittadino WHERE id_servizio = $1', [idServizio])
    const [surveys] = await query('SELECT count(*) AS n FROM questionario_compilato WHERE id_servizio = $1', [idServizio])
    const records = await query('SELECT key, count(*) AS n, min(status_code) AS s FROM idempotency_record WHERE key = ANY($1::text[]) GROUP BY key',
      [burst.map((s) => s.key)])

    const figures = {
      database: dbUrl ? 'postgres' : 'pglite', firstStartMs, hangs, g06Retries: g06, totalMs: Date.now() - t0,
      cycles: cycles.map((c) => ({ burst: c.burst.length, answeredBeforeKill: c.first.size, inFlight: c.inFlight, takenOver: c.takenOver,
        restartMs: c.restartMs, lastAnswerAfterClaimTimeoutMs: c.lastAnswerAfterTimeoutMs,
        failedBeforeKill: [...c.first.values()].filter((a) => a.status >= 300).map((a) => `${a.status} ${a.text}`),
        failedResends: c.finals.filter((f) => f.status < 200 || f.status >= 300).map((f) => `${f.s.kind} ${f.status} ${f.text}`) })),
    }
    console.log(`[fault] ${JSON.stringify(figures)}`)

    expect(hangs).toBe(0)
    expect(cycles.some((c) => c.inFlight > 0 && c.takenOver > 0), 'a kill must leave claims to take over').toBe(true)
    const finals = cycles.flatMap((c) => c.finals)
    expect(finals.filter((f) => f.status < 200 || f.status >= 300).map((f) => `${f.s.kind} ${f.status} ${f.text}`)).toEqual([])
    for (const c of cycles) if (c.inFlight > 0) expect(c.lastAnswerAfterTimeoutMs).toBeLessThanOrEqual(FINAL_WITHIN_MS)
    for (const c of cycles) {
      for (const f of c.finals) {
        const before = c.first.get(f.s.key)
        if (before && before.status >= 200 && before.status < 300) {
          expect(f.replayed).toBe(true)
          expect(f.text).toBe(before.text)
        }
      }
    }
    // 0 duplicates: one service per name, one link and one survey per citizen, one record per key
    const citizens = CITIZENS * cycles.length
    expect(services).toHaveLength(SERVICES * cycles.length)
    expect(services.filter((r) => num(r.n) !== 1)).toEqual([])
    expect({ links: num(links?.n), citizens: num(links?.d), surveys: num(surveys?.n) }).toEqual({ links: citizens, citizens, surveys: citizens })
    expect(records).toHaveLength(burst.length)
    expect(records.filter((r) => num(r.n) !== 1 || num(r.s) < 200 || num(r.s) >= 300)).toEqual([])
  }, 60_000)
})
