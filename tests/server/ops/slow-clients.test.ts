// @vitest-environment node
/**
 * Slow and hostile clients over real sockets (issue 25 points 1 and 8; server/concurrency.ts,
 * server/request-limits.ts): stalled connections hold no slot of the concurrency bound, so a logged-in request
 * is answered while 50 of them are open; stalled headers and bodies are closed after the idle timeouts, while a
 * body that keeps arriving slowly is not cut; a body over the limit gets a readable 413 with the catalogue's
 * code and message even while the client is still sending it. Run on PGlite and on PostgreSQL (DATABASE_URL).
 */
import type { IncomingMessage } from 'node:http'
import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config'
import { DEFAULT_REQUEST_LIMITS, serverTimeoutOptions } from '../../../server/request-limits'
import { createTestServer, type TestServer } from '../helpers'

const SARA = 'RMNSRA92E51A944H'
const SURVEY = '/api/servizio/cittadino/questionarioCompilato/1/compila/anonimo?t=abc'

/** An open socket to the server that records whether it was closed by the server. */
interface Probe { socket: Socket; closed: Promise<void>; isClosed(): boolean; received(): string }

function open(port: number): Probe {
  const socket = connect(port, '127.0.0.1')
  let closed = false
  let data = ''
  socket.on('data', (chunk: Buffer) => { data += chunk.toString('latin1') })
  socket.on('error', () => undefined)
  const done = new Promise<void>((resolve) => socket.once('close', () => { closed = true; resolve() }))
  return { socket, closed: done, isClosed: () => closed, received: () => data }
}

/** A socket that sends a request's headers announcing a 1000-byte body, and then nothing. */
function stalledBody(port: number, path: string): Probe {
  const probe = open(port)
  probe.socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":`)
  return probe
}

/** A socket that sends half a request's headers, and then nothing. */
function stalledHeaders(port: number, path: string): Probe {
  const probe = open(port)
  probe.socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: appl`)
  return probe
}

/** The status and JSON body of a raw HTTP/1.1 answer (Content-Length framed). */
function parseAnswer(raw: string): { status: number; headers: string; body: unknown } {
  const end = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, end)
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1])
  const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1])
  const body = Buffer.from(raw.slice(end + 4), 'latin1').subarray(0, length).toString('utf8')
  return { status, headers: head.toLowerCase(), body: JSON.parse(body) as unknown }
}

/** What a client that uploads while reading saw: the answer's bytes, the body bytes it could send, its socket error. */
interface Upload { raw: string; sent: number; error?: string }

/**
 * Sends `total` bytes of body after `headers` as fast as the socket takes them (as a browser's upload does),
 * reading the answer meanwhile, then half-closes; resolves once the connection is closed, with what it saw.
 */
function uploadWhileReading(port: number, headers: string, total: number, chunked = false): Promise<Upload> {
  const probe = open(port)
  const chunk = Buffer.alloc(64 * 1024, 0x20)
  let sent = 0
  let error: string | undefined
  probe.socket.on('error', (err: NodeJS.ErrnoException) => { error ??= err.code ?? err.message })
  const pump = () => {
    while (sent < total && !probe.socket.destroyed) {
      const piece = chunk.subarray(0, Math.min(chunk.length, total - sent))
      const ok = probe.socket.write(chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece)
      sent += piece.length
      if (!ok) return void probe.socket.once('drain', pump)
    }
    if (!probe.socket.destroyed) probe.socket.end(chunked ? '0\r\n\r\n' : '')
  }
  probe.socket.once('connect', () => { probe.socket.write(headers); pump() })
  return probe.closed.then(() => ({ raw: probe.received(), sent, error }))
}

describe('slow clients', () => {
  let server: TestServer
  let port: number
  let token: string
  const probes: Probe[] = []

  beforeAll(async () => {
    server = await createTestServer({ env: { BODY_IDLE_TIMEOUT_MS: '120000', HEADERS_TIMEOUT_MS: '120000' } })
    await server.app.listen({ port: 0, host: '127.0.0.1' })
    port = (server.app.server.address() as { port: number }).port
    token = await server.signIdToken(SARA)
  })
  afterAll(async () => {
    probes.forEach((p) => p.socket.destroy())
    await server?.close()
  })

  const contesto = async () => {
    const answer = await fetch(`http://127.0.0.1:${port}/api/contesto`, { method: 'POST', headers: { authToken: token, 'content-type': 'application/json' }, body: '{}' })
    return { status: answer.status, body: await answer.json() as unknown }
  }

  it('answers a logged-in request while 50 stalled anonymous connections are open', async () => {
    expect((await contesto()).status).toBe(200)
    const paths = [SURVEY, '/api/contesto', '/api/servizio', '/api/servizio/facilitatore/sedi/dropdown', '/api/notifications/stream/ticket']
    // every stalled request has reached the server (its headers parsed) and waits for its body
    let stalledSeen = 0
    const seen = (req: IncomingMessage) => { if (req.headers['content-length'] === '1000') stalledSeen++ }
    server.app.server.on('request', seen)
    for (let i = 0; i < 50; i++) probes.push(stalledBody(port, paths[i % paths.length]!))
    await expect.poll(() => stalledSeen, { timeout: 30_000 }).toBe(50)
    server.app.server.off('request', seen)
    const answer = await contesto()
    expect(answer.status).toBe(200)
    // the stalled connections were all still open while it was answered
    expect(probes.filter((p) => p.isClosed())).toHaveLength(0)
  })

  it('runs every route with a large body (or a streamed one) in the upload pool', () => {
    const large = server.routes.filter((r) => (r.bodyLimit ?? 0) > server.app.initialConfig.bodyLimit!).map((r) => r.url)
    expect(large.length).toBeGreaterThanOrEqual(4)
    const uploads = server.routes.filter((r) => (r.config as { upload?: boolean } | undefined)?.upload === true).map((r) => r.url)
    expect(uploads).toEqual(expect.arrayContaining([...large, '/api/caricamentoMassivo']))
  })

  it('answers a 413 with the catalogue code and message while the client is still sending (Content-Length over the limit)', async () => {
    const total = 12 * 1024 * 1024
    const upload = await uploadWhileReading(port, `POST /api/contesto HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${total}\r\n\r\n`, total)
    // the connection was not reset under the client while it was sending (a browser then reports a network error)
    expect(upload).toMatchObject({ sent: total, error: undefined })
    const answer = parseAnswer(upload.raw)
    expect(answer.status).toBe(413)
    expect(answer.body).toEqual({ errorCode: 'G02', message: expect.stringMatching(/dimensione massima accettata \(1 MB\)/) })
  })

  it('answers a file route\'s own 413 (CO05) while the client is still sending', async () => {
    const total = 12 * 1024 * 1024
    const upload = await uploadWhileReading(port, `POST /api/item/file/stage?type=attachment&filename=a.pdf HTTP/1.1\r\nHost: 127.0.0.1\r\nauthToken: ${token}\r\nContent-Type: application/octet-stream\r\nContent-Length: ${total}\r\n\r\n`, total)
    expect(upload).toMatchObject({ sent: total, error: undefined })
    const answer = parseAnswer(upload.raw)
    expect(answer.status).toBe(413)
    expect(answer.body).toMatchObject({ errorCode: 'CO05', message: expect.stringMatching(/10 MB/) })
  })

  it('answers a 413 to a chunked body that passes the limit, while the client is still sending', async () => {
    const total = 12 * 1024 * 1024
    const upload = await uploadWhileReading(port, `POST /api/contesto HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`, total, true)
    expect(upload).toMatchObject({ sent: total, error: undefined })
    const answer = parseAnswer(upload.raw)
    expect(answer.status).toBe(413)
    expect(answer.body).toMatchObject({ errorCode: 'G02' })
  })
})

describe('stalled sockets are closed after the timeouts', () => {
  let server: TestServer
  let port: number
  let token: string

  beforeAll(async () => {
    // short timeouts for the test; a body that keeps coming is never cut however long it takes
    server = await createTestServer({ env: { BODY_IDLE_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '1500', REQUEST_TIMEOUT_MS: '600000' } })
    await server.app.listen({ port: 0, host: '127.0.0.1' })
    port = (server.app.server.address() as { port: number }).port
    token = await server.signIdToken(SARA)
  })
  afterAll(async () => { await server?.close() })

  it('closes sockets whose body or headers stopped arriving', async () => {
    const body = [stalledBody(port, SURVEY), stalledBody(port, '/api/contesto')]
    const headers = [stalledHeaders(port, SURVEY), stalledHeaders(port, '/api/contesto')]
    await Promise.all([...body, ...headers].map((p) => p.closed))
    expect([...body, ...headers].every((p) => p.isClosed())).toBe(true)
  }, 60_000)

  it('does not cut a body that keeps arriving, however slowly', async () => {
    const probe = open(port)
    const text = `{${' '.repeat(38)}}`
    probe.socket.write(`POST /api/contesto HTTP/1.1\r\nHost: 127.0.0.1\r\nauthToken: ${token}\r\nContent-Type: application/json\r\nContent-Length: ${text.length}\r\nConnection: close\r\n\r\n`)
    // one byte every 100 ms: 4 s in all, longer than the idle timeout, never idle that long
    for (const ch of text) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      probe.socket.write(ch)
    }
    await probe.closed
    expect(parseAnswer(probe.received()).status).toBe(200)
  }, 60_000)
})

describe('limits configuration', () => {
  // both secrets given: nothing is written to DATA_DIR
  const base = () => ({ DATA_DIR: '/nonexistent/pd-limits', CITIZEN_HASH_SECRET: 'x'.repeat(32), COOKIE_KEYS: 'y'.repeat(32) })

  it('has the documented defaults, read from the environment, handed to the HTTP server', () => {
    expect(loadConfig(base()).limits).toEqual(DEFAULT_REQUEST_LIMITS)
    const limits = loadConfig({ ...base(), MAX_ACTIVE_API_REQUESTS: '20', MAX_ACTIVE_UPLOADS: '3', API_SATURATED_AFTER_MS: '500', HEADERS_TIMEOUT_MS: '10000', BODY_IDLE_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '60000', SOCKET_IDLE_TIMEOUT_MS: '90000', KEEP_ALIVE_TIMEOUT_MS: '65000' }).limits
    expect(limits).toEqual({ maxActiveRequests: 20, maxActiveUploads: 3, saturatedAfterMs: 500, headersTimeoutMs: 10_000, bodyIdleTimeoutMs: 5_000, requestTimeoutMs: 60_000, socketIdleTimeoutMs: 90_000, keepAliveTimeoutMs: 65_000 })
    expect(serverTimeoutOptions(limits)).toEqual({
      connectionTimeout: 90_000, requestTimeout: 60_000, keepAliveTimeout: 65_000,
      http: { headersTimeout: 10_000, requestTimeout: 60_000, connectionsCheckingInterval: 2_500 },
    })
  })

  it('refuses values that are not positive integers, and headers allowed longer than the whole request', () => {
    expect(() => loadConfig({ ...base(), BODY_IDLE_TIMEOUT_MS: '0' })).toThrow(/BODY_IDLE_TIMEOUT_MS/)
    expect(() => loadConfig({ ...base(), MAX_ACTIVE_UPLOADS: 'due' })).toThrow(/MAX_ACTIVE_UPLOADS/)
    expect(() => loadConfig({ ...base(), HEADERS_TIMEOUT_MS: '70000', REQUEST_TIMEOUT_MS: '60000' })).toThrow(/HEADERS_TIMEOUT_MS/)
  })
})
