// @vitest-environment node
/**
 * `GET /metrics` (server/metrics; issue 14 point 3): off (404) without METRICS_TOKEN, 401 without or
 * with a wrong bearer token, and after real traffic the listed series in the Prometheus text format —
 * request rate and latency by route pattern (never the raw URL), error codes, outbox requests and
 * idempotent replays, job queue depth, database pool, process metrics — parsed, not compared as text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig, ConfigError } from '../../../server/config'
import { registroAttivita } from '../../../server/db/schema'
import { createTestServer, TEST_HOST, tempDir, type TestServer } from '../helpers'
import { actor, call, CF, firstSite, named, servizioBody, type Actor } from '../field/fixtures'
import { find, parsePrometheus, valueOf, type Sample } from './prometheus'

const TOKEN = 'metriche-di-prova-0123456789-abcdefghij'

describe('METRICS_TOKEN', () => {
  it('is optional and needs at least 32 characters', () => {
    expect(loadConfig({ DATA_DIR: tempDir('cfg'), CITIZEN_HASH_SECRET: 'x'.repeat(32), COOKIE_KEYS: 'y'.repeat(32) }).metricsToken).toBeUndefined()
    expect(loadConfig({ DATA_DIR: tempDir('cfg'), CITIZEN_HASH_SECRET: 'x'.repeat(32), COOKIE_KEYS: 'y'.repeat(32), METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN)
    expect(() => loadConfig({ DATA_DIR: tempDir('cfg'), METRICS_TOKEN: 'corto' })).toThrow(ConfigError)
  })
})

describe('/metrics without METRICS_TOKEN', () => {
  let server: TestServer
  beforeAll(async () => { server = await createTestServer() })
  afterAll(() => server?.close())

  it('answers 404 C01, with or without a token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await server.app.inject({ url: '/metrics', headers: { host: TEST_HOST, ...headers } })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ errorCode: 'C01', message: expect.stringContaining('metriche') })
    }
  })
})

describe('/metrics with METRICS_TOKEN', () => {
  let server: TestServer
  let sara: Actor

  const scrape = async (): Promise<Sample[]> => {
    const res = await server.app.inject({ url: '/metrics', headers: { host: TEST_HOST, authorization: `Bearer ${TOKEN}` } })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    return parsePrometheus(res.body)
  }

  beforeAll(async () => {
    server = await createTestServer({ env: { METRICS_TOKEN: TOKEN } })
    sara = await actor(server, CF.SARA, 'FAC')
  })
  afterAll(() => server?.close())

  it('refuses a missing, malformed or wrong token with 401 A01', async () => {
    for (const authorization of [undefined, TOKEN, `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, 'Bearer ']) {
      const res = await server.app.inject({ url: '/metrics', headers: { host: TEST_HOST, ...(authorization === undefined ? {} : { authorization }) } })
      expect(res.statusCode, String(authorization)).toBe(401)
      expect(res.json()).toMatchObject({ errorCode: 'A01', message: expect.stringContaining('metriche') })
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/)
    }
  })

  it('counts requests by route pattern, method and status, with their latency', async () => {
    const site = await firstSite(server, sara)
    const created = await call(server, sara, 'POST', '/api/servizio', { body: servizioBody(sara, site, { nomeServizio: named('Metriche'), data: '2025-05-02' }) })
    expect(created.statusCode, created.body).toBe(201)
    const id = String((created.json() as { idServizio: number }).idServizio)
    expect((await call(server, sara, 'POST', `/api/servizio/${id}/schedaDettaglio`)).statusCode).toBe(200)
    expect((await server.app.inject({ url: '/api/non-esiste/RSSMRA85M01H501Q', headers: { host: TEST_HOST } })).statusCode).toBe(404)

    const samples = await scrape()
    expect(valueOf(samples, 'http_requests_total', { method: 'POST', route: '/api/servizio', status_code: '201' })).toBe(1)
    expect(valueOf(samples, 'http_requests_total', { method: 'POST', route: '/api/servizio/:id/schedaDettaglio', status_code: '200' })).toBe(1)
    expect(valueOf(samples, 'http_requests_total', { method: 'GET', route: 'not_found', status_code: '404' })).toBe(1)
    const count = valueOf(samples, 'http_request_duration_seconds_count', { method: 'POST', route: '/api/servizio' })
    expect(count).toBe(1)
    expect(valueOf(samples, 'http_request_duration_seconds_sum', { method: 'POST', route: '/api/servizio' })).toBeGreaterThan(0)
    expect(valueOf(samples, 'http_request_duration_seconds_bucket', { method: 'POST', route: '/api/servizio', le: '+Inf' })).toBe(1)
    // route patterns only: no ids, no fiscal codes
    for (const s of find(samples, 'http_requests_total')) {
      expect(s.labels.route).not.toContain(id)
      expect(s.labels.route).not.toContain('RSSMRA')
    }
  })

  it('counts error answers by catalogue code and status', async () => {
    const before = valueOf(await scrape(), 'api_errors_total', { error_code: 'A07', status_code: '401' }) ?? 0
    const res = await server.app.inject({ method: 'POST', url: '/api/contesto', headers: { host: TEST_HOST }, payload: {} })
    expect(res.json()).toMatchObject({ errorCode: 'A07' })
    expect((await server.app.inject({ method: 'POST', url: '/api/servizio', headers: { host: TEST_HOST, authToken: sara.token, userRole: 'FAC' }, payload: { ...sara.ids, nomeServizio: 1 } })).statusCode).toBe(400)
    const samples = await scrape()
    expect(valueOf(samples, 'api_errors_total', { error_code: 'A07', status_code: '401' })).toBe(before + 1)
    expect(valueOf(samples, 'api_errors_total', { error_code: 'G02', status_code: '400' })).toBeGreaterThanOrEqual(1)
  })

  it('counts outbox requests (Idempotency-Key) and idempotent replays', async () => {
    const site = await firstSite(server, sara)
    const body = servizioBody(sara, site, { nomeServizio: named('Metriche outbox'), data: '2025-05-03' })
    const k = crypto.randomUUID()
    const first = await call(server, sara, 'POST', '/api/servizio', { body, headers: { 'Idempotency-Key': k } })
    const second = await call(server, sara, 'POST', '/api/servizio', { body, headers: { 'Idempotency-Key': k } })
    expect([first.statusCode, second.statusCode]).toEqual([201, 201])
    expect(second.headers['idempotent-replayed']).toBe('true')
    const samples = await scrape()
    expect(valueOf(samples, 'outbox_requests_total', { route: '/api/servizio' })).toBe(2)
    expect(valueOf(samples, 'idempotent_replays_total', { route: '/api/servizio' })).toBe(1)
  })

  it('reads the job queue depth and the mass uploads in progress at scrape time', async () => {
    const before = await scrape()
    expect(valueOf(before, 'job_queue_depth', { queue: 'mass_upload', state: 'IN_PROGRESS' })).toBe(0)
    // a kind without a handler stays queued
    expect(await server.app.jobs.enqueue('prova-metriche', {})).toEqual(expect.any(Number))
    await server.app.jobs.enqueue('prova-metriche', {})
    await server.database.db.insert(registroAttivita).values({ jobStatus: 'IN_PROGRESS', fileName: 'prova.csv' })
    const after = await scrape()
    expect(valueOf(after, 'job_queue_depth', { queue: 'prova-metriche', state: 'IN_ATTESA' })).toBe(2)
    expect(valueOf(after, 'job_queue_depth', { queue: 'prova-metriche', state: 'FALLITO' })).toBe(0)
    expect(valueOf(after, 'job_queue_depth', { queue: 'mass_upload', state: 'IN_PROGRESS' })).toBe(1)
  })

  it('reports the database pool and the process metrics', async () => {
    const samples = await scrape()
    const total = valueOf(samples, 'db_pool_connections', { state: 'total' })
    if (server.database.kind === 'pglite') {
      expect(total).toBe(1)
    } else {
      expect(total).toBeGreaterThanOrEqual(1)
      expect(valueOf(samples, 'db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0)
      expect(valueOf(samples, 'db_pool_connections', { state: 'waiting' })).toBe(0)
    }
    // the scrape is not an /api request: nothing else is running
    expect(valueOf(samples, 'api_requests_in_progress', { state: 'active' })).toBe(0)
    expect(valueOf(samples, 'api_requests_in_progress', { state: 'waiting' })).toBe(0)
    expect(valueOf(samples, 'api_requests_in_progress', { state: 'uploads_active' })).toBe(0)
    expect(valueOf(samples, 'api_requests_in_progress', { state: 'uploads_waiting' })).toBe(0)
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(find(samples, name).length, name).toBeGreaterThan(0)
    }
  })
})
