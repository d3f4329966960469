// @vitest-environment node
/**
 * Server idempotency (server/idempotency.ts; ARCHITECTURE "The offline outbox" point 5): concurrent
 * repeats of one key give one row and identical answers; replays are byte-identical and flagged; a
 * different request with the same key is 422 G05; keys are per user; a failed request releases its key;
 * a key still in flight answers 409 G06 after the wait, an abandoned or expired one is taken over (by its
 * row id: a created_at with microseconds too) and every claim loop is bounded; the stored request hash is
 * keyed (HMAC) and a legacy plain hash still replays; a too-deep body is 400 G02.
 */
import { rmSync } from 'node:fs'
import { and, count, eq, sql } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { idempotencyRecord, questionarioCompilato, servizio, servizioXCittadino } from '../../../server/db/schema'
import { canonicalJson, keyedRequestHash, requestHashKey, runWrite, sha256Hex } from '../../../server/idempotency'
import { loadConfig } from '../../../server/config'
import { createTestServer, TEST_HOST, tempDir, type TestServer } from '../helpers'
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
    const hash = keyedRequestHash(`POST /api/servizio\nFAC\n${canonicalJson({ ...sara.ids, ...body })}`, requestHashKey(server.config.citizenHashSecret))
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

  /** `work` or a failure after `ms` (a request that never answers must fail the test, not hang it). */
  const within = <T>(ms: number, work: Promise<T>): Promise<T> => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms) })
    return Promise.race([work, late]).finally(() => clearTimeout(timer))
  }
  const pendingClaim = (k: string, requestHash = '0'.repeat(64)) => server.database.db.insert(idempotencyRecord)
    .values({ key: k, scope: `utente:${sara.userId}`, idUtente: sara.userId, methodPath: 'POST /api/servizio', requestHash })

  it('takes over an abandoned claim whose created_at carries microseconds (PostgreSQL precision)', async () => {
    const k = key()
    const body = servizioBody(sara, site, { nomeServizio: named('Microsecondi'), data: '2025-04-19' })
    await pendingClaim(k)
    // PostgreSQL keeps microseconds, a JavaScript Date milliseconds: the stale row must be found all the same
    await server.database.db.execute(sql`UPDATE idempotency_record SET created_at = now() - interval '10 minutes' + interval '123 microseconds' WHERE key = ${k}`)
    const taken = await within(8000, create(sara, body, k))
    expect(taken.statusCode, taken.body).toBe(201)
    expect(await countServices(named('Microsecondi'))).toBe(1)
    const rows = await server.database.db.select().from(idempotencyRecord).where(eq(idempotencyRecord.key, k))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.statusCode).toBe(201)
  }, 20_000)

  it('bounds the take-over loop: a stale claim that cannot be removed answers 503 G04 in time, not never', async () => {
    const k = key()
    await pendingClaim(k)
    await server.database.db.execute(sql`UPDATE idempotency_record SET created_at = now() - interval '10 minutes' WHERE key = ${k}`)
    // a trigger that silently keeps this row stands for any take-over that cannot make progress
    await server.database.db.execute(sql.raw(`CREATE OR REPLACE FUNCTION pd_test_keep_claim() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF OLD.key = '${k}' THEN RETURN NULL; END IF; RETURN OLD; END $$`))
    await server.database.db.execute(sql`CREATE TRIGGER pd_test_keep_claim BEFORE DELETE ON idempotency_record FOR EACH ROW EXECUTE FUNCTION pd_test_keep_claim()`)
    try {
      const started = Date.now()
      const res = await within(10_000, create(sara, servizioBody(sara, site, { nomeServizio: named('Irremovibile'), data: '2025-04-20' }), k))
      expect(res.statusCode).toBe(503)
      expect(res.json()).toMatchObject({ errorCode: 'G04' })
      expect(Date.now() - started).toBeLessThan(7000)
      expect(await countServices(named('Irremovibile'))).toBe(0)
    } finally {
      await server.database.db.execute(sql`DROP TRIGGER IF EXISTS pd_test_keep_claim ON idempotency_record`)
      await server.database.db.execute(sql`DROP FUNCTION IF EXISTS pd_test_keep_claim()`)
    }
  }, 20_000)

  it('stores a keyed request hash: the fiscal code in the body cannot be recovered by hashing candidates', async () => {
    const idServizio = (await create(sara, servizioBody(sara, site, { nomeServizio: named('Hash con chiave'), data: '2025-04-21' }))).json() as { idServizio: number }
    const k = key()
    const cf = fiscalCodeAged(52)
    const url = `/api/servizio/cittadino/${idServizio.idServizio}`
    const body = { codiceFiscale: cf, nuovoCittadino: false, ...DEMOGRAFICA }
    const res = await call(server, sara, 'POST', url, { body, headers: { 'Idempotency-Key': k } })
    expect(res.statusCode, res.body).toBe(201)
    const [rec] = await server.database.db.select().from(idempotencyRecord).where(eq(idempotencyRecord.key, k))
    // an attacker reading the table knows the URL, the role and the body's shape: try candidate codes
    const candidates = [fiscalCodeAged(30), cf, fiscalCodeAged(70)]
    const plain = candidates.map((c) => sha256Hex(`POST ${url}\nFAC\n${canonicalJson({ ...sara.ids, ...body, codiceFiscale: c })}`))
    expect(rec?.requestHash).toBeDefined()
    expect(plain).not.toContain(rec?.requestHash)
    // the keyed hash still recognises the same request
    const again = await call(server, sara, 'POST', url, { body, headers: { 'Idempotency-Key': k } })
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.body).toBe(res.body)
  })

  it('answers a 5,000-deep JSON body sent with a key with 400 G02, not a stack overflow', async () => {
    const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000)
    const res = await server.app.inject({
      method: 'POST', url: '/api/servizio', payload: deep,
      headers: { host: TEST_HOST, authToken: sara.token, userRole: 'FAC', 'content-type': 'application/json', 'Idempotency-Key': key() },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ errorCode: 'G02' })
  })

  it('replays a record stored before the keyed hash (legacy plain SHA-256) instead of refusing it with 422', async () => {
    const k = key()
    const body = servizioBody(sara, site, { nomeServizio: named('Prima aggiornamento'), data: '2025-04-22' })
    const first = await create(sara, body)
    expect(first.statusCode).toBe(201)
    // the record an older server version left for this key: plain SHA-256 of the same fingerprint
    const legacy = sha256Hex(`POST /api/servizio\nFAC\n${canonicalJson({ ...sara.ids, ...body })}`)
    await server.database.db.insert(idempotencyRecord).values({
      key: k, scope: `utente:${sara.userId}`, idUtente: sara.userId, methodPath: 'POST /api/servizio', requestHash: legacy,
      statusCode: 201, responseBody: first.body, completedAt: new Date(),
    })
    const resend = await create(sara, body, k)
    expect(resend.statusCode).toBe(201)
    expect(resend.headers['idempotent-replayed']).toBe('true')
    expect(resend.body).toBe(first.body)
    expect(await countServices(named('Prima aggiornamento'))).toBe(1)
    // and a different request with that key is still refused
    const other = await create(sara, servizioBody(sara, site, { nomeServizio: named('Altra dopo aggiornamento'), data: '2025-04-22' }), k)
    expect(other.statusCode).toBe(422)
    expect(other.json()).toMatchObject({ errorCode: 'G05' })
  })

  it('rolls a write back when its claim was taken over meanwhile (409 G06), so the key takes effect once', async () => {
    const nome = named('Claim perso')
    const reply = { code: () => reply } as unknown as FastifyReply
    // a claim whose row is gone: what a request still running finds after a resend took its key over
    const request = { idempotencyClaim: { recordId: -1, stored: false } } as unknown as FastifyRequest
    await expect(runWrite(server.database.db, request, reply, 201, async (tx) => {
      await tx.execute(sql`UPDATE servizio SET nome = ${nome} WHERE id = (SELECT min(id) FROM servizio)`)
      return { ok: true }
    })).rejects.toMatchObject({ status: 409, errorCode: 'G06' })
    expect(await countServices(nome)).toBe(0)
  })

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

describe('IDEMPOTENCY_STALE_MS', () => {
  it('sets the stale-claim timeout (default 120 s) and refuses values out of 1000–86400000 ms', () => {
    const dir = tempDir('stale')
    try {
      const env = { DATA_DIR: dir, CITIZEN_HASH_SECRET: 'x'.repeat(32), COOKIE_KEYS: 'y'.repeat(32) }
      expect(loadConfig(env).idempotencyStaleMs).toBe(120_000)
      expect(loadConfig({ ...env, IDEMPOTENCY_STALE_MS: '2000' }).idempotencyStaleMs).toBe(2000)
      for (const bad of ['500', '2s', '-1', '86400001']) {
        expect(() => loadConfig({ ...env, IDEMPOTENCY_STALE_MS: bad })).toThrow(/IDEMPOTENCY_STALE_MS/)
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
