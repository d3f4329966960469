// @vitest-environment node
/**
 * Request ids and personal data in the JSON log (server/request-id.ts, server/logging.ts; issue 14
 * point 3): a safe incoming `X-Request-Id` is kept, anything else replaced by a UUID, and the id comes
 * back as `x-request-id`; every line written while serving a request carries it as `reqId`; a request
 * whose URL and body carry a fiscal code, a name and a token logs none of them; a background job's lines
 * carry its job id.
 */
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createJobQueue } from '../../../server/jobs/coda'
import { redactUrl } from '../../../server/logging'
import { requestIdOf } from '../../../server/request-id'
import { createTestServer, openTestDatabase, TEST_HOST, type TestServer } from '../helpers'
import { authorizeUrl, pkcePair } from '../oidc/browser'
import { actor, call, CF, createService, DEMOGRAFICA, fiscalCodeAged, named, type Actor } from '../field/fixtures'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

class Capture {
  lines: string[] = []
  write(line: string) { this.lines.push(line) }
  get text() { return this.lines.join('') }
  entries() { return this.lines.map((l) => JSON.parse(l) as Record<string, unknown>) }
}

describe('requestIdOf', () => {
  it.each([
    ['abc-123', 'abc-123'],
    ['Root=1-67891233-abcdef012345678912345678', 'uuid'],
    ['a'.repeat(64), 'a'.repeat(64)],
    ['a'.repeat(65), 'uuid'],
    ['trace.id_1-2', 'trace.id_1-2'],
    ['id con spazi', 'uuid'],
    ['id"},"msg":"falso', 'uuid'],
    ['', 'uuid'],
  ])('%s → %s', (header, expected) => {
    const id = requestIdOf({ headers: { 'x-request-id': header } })
    if (expected === 'uuid') expect(id).toMatch(UUID)
    else expect(id).toBe(expected)
  })

  it('generates a UUID without the header, a new one each time', () => {
    const a = requestIdOf({ headers: {} })
    expect(a).toMatch(UUID)
    expect(requestIdOf({ headers: {} })).not.toBe(a)
  })
})

describe('redactUrl', () => {
  it.each([
    ['/api/servizio/all?currPage=0&pageSize=10', '/api/servizio/all?currPage=0&pageSize=10'],
    ['/api/cerca?nome=Mario%20Rossi&page=2', '/api/cerca?nome=[redatto]&page=2'],
    ['/api/x?t=segreto&vuoto=&flag', '/api/x?t=[redatto]&vuoto=&flag'],
    ['/api/cittadino/RSSMRA85M01H501Q', '/api/cittadino/[redatto]'],
  ])('%s', (url, expected) => expect(redactUrl(url)).toBe(expected))
})

describe('request id on every line of a request', () => {
  let server: TestServer
  let sara: Actor
  let idServizio: number
  const log = new Capture()

  beforeAll(async () => {
    server = await createTestServer({ env: { LOG_LEVEL: 'trace' }, logStream: log })
    sara = await actor(server, CF.SARA, 'FAC')
    idServizio = await createService(server, sara, { nomeServizio: named('Log'), data: '2025-05-04' })
  })
  afterAll(() => server?.close())

  it('keeps a safe X-Request-Id, replaces an unsafe one, and sends it back', async () => {
    const kept = await server.app.inject({ url: '/api/health/live', headers: { host: TEST_HOST, 'x-request-id': 'lb-7f3a.01' } })
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.01')
    const replaced = await server.app.inject({ url: '/api/health/live', headers: { host: TEST_HOST, 'x-request-id': 'x'.repeat(80) } })
    expect(replaced.headers['x-request-id']).toMatch(UUID)
    const fresh = await server.app.inject({ url: '/api/non-esiste', headers: { host: TEST_HOST } })
    expect(fresh.headers['x-request-id']).toMatch(UUID)
    expect(log.entries().filter((e) => e.reqId === 'lb-7f3a.01').map((e) => e.msg)).toEqual(['incoming request', 'request completed'])
  })

  it('logs a request carrying a fiscal code, a name and a token without them, every line with its reqId', async () => {
    const cf = fiscalCodeAged(41, 'F', 20, 'Ermenegilda')
    const NAME = 'Ermenegilda'
    const SURNAME = 'Quattrocchi'
    const TOKEN = 'Tk7_segretissimo-9fQ2wE4rT6yU8iO0pAsDfGhJ'
    const before = log.lines.length
    const res = await call(server, sara, 'POST', `/api/servizio/cittadino/${idServizio}?t=${TOKEN}&cf=${cf}&nome=${NAME}%20${SURNAME}&pagina=1`, {
      body: { codiceFiscale: cf, nuovoCittadino: true, genere: 'F', fasciaDiEtaId: 4, nome: NAME, cognome: SURNAME, ...DEMOGRAFICA },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    })
    expect(res.statusCode, res.body).toBe(201)
    const id = res.headers['x-request-id'] as string
    expect(id).toMatch(UUID)

    const lines = log.lines.slice(before)
    const text = lines.join('')
    for (const secret of [cf, cf.toLowerCase(), NAME, SURNAME, TOKEN, sara.token.split('.')[1]!]) expect(text).not.toContain(secret)
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>)
    // the request's own lines: lifecycle and idempotency (through request.log), at least four
    const own = entries.filter((e) => e.msg !== 'report dati aggiornato')
    expect(own.map((e) => e.msg)).toEqual(expect.arrayContaining(['incoming request', 'idempotency: key claimed', 'idempotency: answer stored', 'request completed']))
    for (const e of own) expect(e.reqId, JSON.stringify(e)).toBe(id)
    const incoming = own.find((e) => e.msg === 'incoming request') as { req: { url: string } }
    expect(incoming.req.url).toBe(`/api/servizio/cittadino/${idServizio}?t=[redatto]&cf=[redatto]&nome=[redatto]&pagina=1`)
  })
})

describe('the identity provider\'s errors', () => {
  it('are logged with the reqId of the request that met them', async () => {
    const log = new Capture()
    const database = await openTestDatabase()
    const server = await createTestServer({ database, env: { LOG_LEVEL: 'error' }, logStream: log })
    try {
      // the provider stores its interaction in the database: with the database gone, it fails (500)
      await database.close()
      const res = await server.app.inject({ url: authorizeUrl(pkcePair().challenge), headers: { host: TEST_HOST, 'x-request-id': 'oidc-guasto-1' } })
      expect(res.statusCode).toBe(500)
      const line = log.entries().find((e) => e.msg === 'oidc provider error')
      expect(line).toMatchObject({ reqId: 'oidc-guasto-1' })
    } finally {
      await server.close().catch(() => undefined)
    }
  })
})

describe('background job lines', () => {
  let server: TestServer
  beforeAll(async () => { server = await createTestServer() })
  afterAll(() => server?.close())

  it('carry the job id and kind', async () => {
    const out = new Capture()
    const queue = createJobQueue({ db: server.database.db, pollMs: 0, log: pino({ level: 'info' }, out) })
    queue.handle('prova-log', async (_payload, ctx) => { ctx.log?.info('lavoro svolto') })
    await queue.start()
    const jobId = await queue.enqueue('prova-log', {})
    await queue.idle()
    await queue.close()
    const line = out.entries().find((e) => e.msg === 'lavoro svolto')
    expect(line).toMatchObject({ jobId, tipo: 'prova-log' })
  })
})
