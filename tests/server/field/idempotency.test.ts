// @vitest-environment node
/**
 * Server idempotency (server/idempotency.ts; ARCHITECTURE "The offline outbox" point 5): concurrent
 * repeats of one key give one row and identical answers; replays are byte-identical and flagged; a
 * different request with the same key is 422 G05; keys are per user; a failed request releases its key;
 * a key still in flight answers 409 G06 after the wait, an abandoned or expired one is taken over.
 */
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { idempotencyRecord, questionarioCompilato, servizio, servizioXCittadino } from '../../../server/db/schema'
import { canonicalJson, sha256Hex } from '../../../server/idempotency'
import { createTestServer, type TestServer } from '../helpers'
import { actor, call, CF, DEMOGRAFICA, firstSite, fiscalCodeAged, named, servizioBody, type Actor } from './fixtures'

const key = () => crypto.randomUUID()

describe('idempotency of field writes', () => {
  let server: TestServer
  let sara: Actor, matteo: Actor
  let site: number

  const countServices = async (nome: string) => {
    const [row] = await server.database.db.select({ n: count() }).from(servizio).where(eq(servizio.nome, nome))
    return Number(row?.n ?? 0)
  }
  const create = (who: Actor, body: object, k?: string) =>
    call(server, who, 'POST', '/api/servizio', { body, headers: k ? { 'Idempotency-Key': k } : {} })

  beforeAll(async () => {
    server = await createTestServer()
    sara = await actor(server, CF.SARA, 'FAC')
    matteo = await actor(server, CF.MATTEO, 'FAC')
    site = await firstSite(server, sara)
  })
  afterAll(() => server?.close())

  it('runs five concurrent identical creates once: one row, five identical answers', async () => {
    const k = key()
    const body = servizioBody(sara, site, { nomeServizio: named('Concorrenti'), data: '2025-04-10' })
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(sara, body, k)))
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201])
    expect(new Set(answers.map((a) => a.body)).size).toBe(1)
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(4)
    expect(await countServices(named('Concorrenti'))).toBe(1)
    const [rec] = await server.database.db.select().from(idempotencyRecord).where(eq(idempotencyRecord.key, k))
    expect(rec).toMatchObject({ scope: `utente:${sara.userId}`, idUtente: sara.userId, statusCode: 201, methodPath: 'POST /api/servizio' })
  })

  it('replays a completed request byte for byte, later too', async () => {
    const k = key()
    const body = servizioBody(sara, site, { nomeServizio: named('Replay'), data: '2025-04-11' })
    const first = await create(sara, body, k)
    expect(first.statusCode).toBe(201)
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    const second = await create(sara, body, k)
    expect(second.statusCode).toBe(201)
    expect(second.headers['idempotent-replayed']).toBe('true')
    expect(second.body).toBe(first.body)
    // the same body with keys in another order is the same request
    const reordered = Object.fromEntries(Object.entries(body).reverse())
    expect((await create(sara, reordered, k)).body).toBe(first.body)
    expect(await countServices(named('Replay'))).toBe(1)
  })

  it('refuses the same key with a different request (422 G05) and executes nothing', async () => {
    const k = key()
    expect((await create(sara, servizioBody(sara, site, { nomeServizio: named('Chiave A'), data: '2025-04-12' }), k)).statusCode).toBe(201)
    const other = await create(sara, servizioBody(sara, site, { nomeServizio: named('Chiave B'), data: '2025-04-12' }), k)
    expect(other.statusCode).toBe(422)
    expect(other.json()).toMatchObject({ errorCode: 'G05', message: expect.stringContaining('idempotenza') })
    expect(await countServices(named('Chiave B'))).toBe(0)
  })

  it('keeps keys per user: another user with the same key runs his own request', async () => {
    const k = key()
    expect((await create(sara, servizioBody(sara, site, { nomeServizio: named('Per utente'), data: '2025-04-13' }), k)).statusCode).toBe(201)
    const m = await create(matteo, servizioBody(matteo, await firstSite(server, matteo), { nomeServizio: named('Per utente'), data: '2025-04-13' }), k)
    expect(m.statusCode).toBe(201)
    expect(m.headers['idempotent-replayed']).toBeUndefined()
    expect(await countServices(named('Per utente'))).toBe(2)
  })

  it('rejects a key that is not a UUID (G02) and works without a key', async () => {
    const bad = await create(sara, servizioBody(sara, site, { nomeServizio: named('Chiave brutta') }), 'non-un-uuid')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ errorCode: 'G02' })
    expect((await create(sara, servizioBody(sara, site, { nomeServizio: named('Senza chiave'), data: '2025-04-14' }))).statusCode).toBe(201)
  })

  it('releases the key of a failed request, so the corrected entry can be sent with it', async () => {
    const k = key()
    const wrong = await create(sara, servizioBody(sara, site, { nomeServizio: named('Corretto dopo'), data: '2030-01-01' }), k)
    expect(wrong.json()).toMatchObject({ errorCode: 'A06' })
    expect(await server.database.db.select().from(idempotencyRecord).where(eq(idempotencyRecord.key, k))).toEqual([])
    const fixed = await create(sara, servizioBody(sara, site, { nomeServizio: named('Corretto dopo'), data: '2025-04-15' }), k)
    expect(fixed.statusCode).toBe(201)
  })

  it('answers 409 G06 while the same request is in flight, and takes over an abandoned claim', async () => {
    const k = key()
    const body = servizioBody(sara, site, { nomeServizio: named('In volo'), data: '2025-04-16' })
    const hash = sha256Hex(`POST /api/servizio\nFAC\n${canonicalJson({ ...sara.ids, ...body })}`)
    await server.database.db.insert(idempotencyRecord).values({ key: k, scope: `utente:${sara.userId}`, idUtente: sara.userId, methodPath: 'POST /api/servizio', requestHash: hash })
    const started = Date.now()
    const busy = await create(sara, body, k)
    expect(busy.statusCode).toBe(409)
    expect(busy.json()).toMatchObject({ errorCode: 'G06', message: expect.stringContaining('già in elaborazione') })
    expect(Date.now() - started).toBeGreaterThanOrEqual(4000)
    expect(await countServices(named('In volo'))).toBe(0)
    await server.database.db.update(idempotencyRecord).set({ createdAt: new Date(Date.now() - 10 * 60_000) }).where(eq(idempotencyRecord.key, k))
    const taken = await create(sara, body, k)
    expect(taken.statusCode).toBe(201)
    expect(await countServices(named('In volo'))).toBe(1)
  }, 20_000)

  it('forgets records older than 30 days', async () => {
    const k = key()
    expect((await create(sara, servizioBody(sara, site, { nomeServizio: named('Vecchia A'), data: '2025-04-17' }), k)).statusCode).toBe(201)
    await server.database.db.update(idempotencyRecord).set({ createdAt: new Date(Date.now() - 31 * 86_400_000) }).where(eq(idempotencyRecord.key, k))
    const reused = await create(sara, servizioBody(sara, site, { nomeServizio: named('Vecchia B'), data: '2025-04-17' }), k)
    expect(reused.statusCode).toBe(201)
    expect(await countServices(named('Vecchia B'))).toBe(1)
  })

  it('adds a citizen once under five concurrent repeats, and replays a compile instead of Q02', async () => {
    const created = await create(sara, servizioBody(sara, site, { nomeServizio: named('Con cittadini'), data: '2025-04-18' }))
    const idServizio = (created.json() as { idServizio: number }).idServizio
    const k = key()
    const body = { codiceFiscale: fiscalCodeAged(45), nuovoCittadino: false, ...DEMOGRAFICA }
    const answers = await Promise.all(Array.from({ length: 5 }, () =>
      call(server, sara, 'POST', `/api/servizio/cittadino/${idServizio}`, { body, headers: { 'Idempotency-Key': k } })))
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201])
    expect(new Set(answers.map((a) => a.body)).size).toBe(1)
    const [links] = await server.database.db.select({ n: count() }).from(servizioXCittadino).where(eq(servizioXCittadino.idServizio, idServizio))
    expect(Number(links?.n)).toBe(1)
    const { idQuestionario } = answers[0]!.json() as { idQuestionario: string }

    const ck = key()
    const q4 = `{"id":"content-service-section","title":"Informazioni sull’esperienza","properties":[{'29':['Passaparola']}]}`
    const url = `/api/servizio/cittadino/questionarioCompilato/${idQuestionario}/compila`
    const first = await call(server, sara, 'POST', url, { body: { sezioneQ4Questionario: q4 }, headers: { 'Idempotency-Key': ck } })
    expect(first.statusCode, first.body).toBe(200)
    const again = await call(server, sara, 'POST', url, { body: { sezioneQ4Questionario: q4 }, headers: { 'Idempotency-Key': ck } })
    expect(again.statusCode).toBe(200)
    expect(again.body).toBe(first.body)
    const withoutKey = await call(server, sara, 'POST', url, { body: { sezioneQ4Questionario: q4 } })
    expect(withoutKey.json()).toMatchObject({ errorCode: 'Q02' })
    const [q] = await server.database.db.select().from(questionarioCompilato)
      .where(and(eq(questionarioCompilato.id, idQuestionario), eq(questionarioCompilato.stato, 'COMPILATA')))
    expect(q).toBeDefined()
  })
})
