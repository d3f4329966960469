/**
 * The database away (issue 14 point 3; server/app.ts error handler, server/db/index.ts pool): while PostgreSQL
 * refuses connections or stops answering, an /api request answers 503 G04 with `Retry-After` within the pool's
 * connection timeout — never 500, never a request hanging for minutes — and the same request succeeds once the
 * database is back. The server reaches PostgreSQL through a TCP relay this test controls (forward, refuse,
 * black hole), as a network route or a failover would behave.
 */
import { createServer, connect, type Server, type Socket } from 'node:net'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../../../server/db/index'
import { isDatabaseUnavailableError } from '../../../server/domain/db-errors'
import { apiCall, createTestServer, type TestServer } from '../helpers'
import { adminQuery, databaseUrl } from '../test-database'

const url = process.env.DATABASE_URL
const SARA = 'RMNSRA92E51A944H'

type Mode = 'forward' | 'blackhole'

/** A TCP relay to `target` on a fixed local port: forwards, holds connections without answering, or is closed. */
function relay(target: URL) {
  let server: Server | undefined
  let mode: Mode = 'forward'
  const sockets = new Set<Socket>()
  let port = 0
  const track = (s: Socket) => { sockets.add(s); s.on('close', () => sockets.delete(s)); s.on('error', () => s.destroy()) }
  const open = (next: Mode) => new Promise<void>((resolve, reject) => {
    mode = next
    server = createServer((client) => {
      track(client)
      if (mode === 'blackhole') return // accepted, never answered
      const upstream = connect(Number(target.port || 5432), target.hostname)
      track(upstream)
      client.pipe(upstream).pipe(client)
      upstream.on('close', () => client.destroy())
      client.on('close', () => upstream.destroy())
    })
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => { port = (server!.address() as { port: number }).port; resolve() })
  })
  const close = async () => {
    const closed = new Promise<void>((resolve) => { if (server) server.close(() => resolve()); else resolve() })
    server = undefined
    for (const s of sockets) s.destroy()
    await closed
  }
  return { open, close, get port() { return port } }
}

describe.skipIf(!url)('PostgreSQL away', () => {
  const name = `pd_away_${process.pid}_${randomBytes(3).toString('hex')}`
  let proxy: ReturnType<typeof relay>
  let database: DatabaseHandle
  let server: TestServer
  let token: string
  const contesto = () => apiCall(server.app, { url: '/api/contesto', token, body: {} })

  beforeAll(async () => {
    await adminQuery(url!, `CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`)
    proxy = relay(new URL(url!))
    await proxy.open('forward')
    const viaRelay = new URL(databaseUrl(url!, name))
    viaRelay.hostname = '127.0.0.1'
    viaRelay.port = String(proxy.port)
    database = await openDatabase({ dataDir: 'memory://', databaseUrl: viaRelay.toString(), connectTimeoutMs: 800 })
    server = await createTestServer({ database })
    token = await server.signIdToken(SARA)
  })
  afterAll(async () => {
    await server?.close()
    await database?.close()
    await proxy?.close()
    await adminQuery(url!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  })

  it('answers 503 G04 with Retry-After while connections are refused or unanswered, 200 once the database is back', async () => {
    expect((await contesto()).statusCode).toBe(200)

    // refused: the relay is closed and the pooled connections are cut
    await proxy.close()
    const refused = await contesto()
    expect([refused.statusCode, refused.json().errorCode, refused.headers['retry-after']]).toEqual([503, 'G04', '5'])
    expect(refused.json().message).toMatch(/[a-zà-ù]/i)

    // unanswered: connections are accepted and never answered; the pool gives up after its connection timeout
    await proxy.open('blackhole')
    const started = Date.now()
    const silent = await contesto()
    expect([silent.statusCode, silent.json().errorCode]).toEqual([503, 'G04'])
    expect(Date.now() - started).toBeLessThan(10_000)

    await proxy.close()
    await proxy.open('forward')
    let back = await contesto()
    for (let i = 0; i < 20 && back.statusCode !== 200; i++) back = await contesto()
    expect(back.statusCode).toBe(200)
  })
})

describe('isDatabaseUnavailableError', () => {
  it('recognises refused, lost, timed-out and shutting-down connections, through wrapping causes', () => {
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause })
    expect(isDatabaseUnavailableError(wrapped(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })))).toBe(true)
    expect(isDatabaseUnavailableError(wrapped(new Error('timeout exceeded when trying to connect')))).toBe(true)
    expect(isDatabaseUnavailableError(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(isDatabaseUnavailableError(wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })))).toBe(true)
    expect(isDatabaseUnavailableError(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(true)
  })
  it('leaves statement errors alone', () => {
    expect(isDatabaseUnavailableError(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false)
    expect(isDatabaseUnavailableError(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false)
    expect(isDatabaseUnavailableError(new Error('boom'))).toBe(false)
    expect(isDatabaseUnavailableError(undefined)).toBe(false)
  })
})
