// @vitest-environment node
/**
 * The contesto and health Fastify plugins on a bare Fastify instance. A tiny onRequest hook stands in
 * for the access-control plugin: it sets `request.auth` from the principal of the `x-test-cf` header
 * and the `userRole` header; an error handler answers ApiError as `{errorCode, message}`.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import type { DatabaseHandle } from '../../../server/db/index'
import * as s from '../../../server/db/schema'
import { createPrincipalLoader } from '../../../server/domain/principal'
import { ApiError } from '../../../server/errors'
import contestoRoutes from '../../../server/routes/contesto'
import healthRoutes from '../../../server/routes/health'
import { ContestoSchema, ProfiloSchema } from '../../../src/api/contract/contesto'
import { openTestDatabase } from './helpers'

let h: DatabaseHandle
let app: FastifyInstance
let ready = false
const access = new Map<string, unknown>()

beforeAll(async () => {
  h = await openTestDatabase()
  const load = createPrincipalLoader(h.db)
  app = Fastify()
  app.addHook('onRoute', (route) => { access.set(`${String(route.method)} ${route.url}`, route.config?.access) })
  app.addHook('onRequest', async (request) => {
    const cf = request.headers['x-test-cf']
    if (typeof cf !== 'string') return
    const principal = await load(cf)
    if (!principal) return
    const codiceRuolo = request.headers.userrole as string | undefined
    request.auth = { principal, codiceRuolo, permessi: principal.ruoli.find((r) => r.codiceRuolo === codiceRuolo)?.permessi ?? [] }
  })
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof ApiError) return reply.code(error.status).send({ errorCode: error.errorCode, message: error.message })
    return reply.code(500).send({ errorCode: 'G01', message: String(error) })
  })
  await app.register(contestoRoutes, { prefix: '/api', db: h.db })
  await app.register(healthRoutes, { prefix: '/api', ready: () => ready })
  await app.ready()
})
afterAll(async () => {
  await app?.close()
  await h?.close()
})

const post = (url: string, cf: string | undefined, payload: unknown, role?: string) => app.inject({
  method: 'POST', url, payload: payload as object,
  headers: { ...(cf ? { 'x-test-cf': cf } : {}), ...(role ? { userRole: role } : {}) },
})

describe('contesto routes', () => {
  it('declares the access rule of each route', () => {
    expect(access.get('POST /api/contesto')).toEqual({ kind: 'token' })
    expect(access.get('POST /api/contesto/confermaIntegrazione')).toEqual({ kind: 'token' })
    expect(access.get('POST /api/contesto/sceltaProfilo')).toEqual({ kind: 'role' })
    expect(access.get('GET /api/health/ready')).toEqual({ kind: 'public' })
    expect(access.get('GET /api/health/live')).toEqual({ kind: 'public' })
  })

  it('POST /api/contesto answers the Contesto, and 404 U20 without a known user', async () => {
    const res = await post('/api/contesto', 'RMNSRA92E51A944H', { cfUtenteLoggato: 'FRRGLI78C54H501Q' })
    expect(res.statusCode).toBe(200)
    const body = v.parse(ContestoSchema, res.json())
    expect(body.codiceFiscale).toBe('RMNSRA92E51A944H') // the body's CF is ignored
    const unknown = await post('/api/contesto', 'XXXXXX00X00X000X', {})
    expect([unknown.statusCode, unknown.json().errorCode]).toEqual([404, 'U20'])
  })

  it('POST /api/contesto/confermaIntegrazione: 400 C07 without consent, 400 G02 on bad data, 200 otherwise', async () => {
    const anna = 'LMBNNA90L43B354D'
    const base = { nome: 'Anna', cognome: 'Lombardi', email: 'anna.l@example.it', telefono: '3335550707' }
    const noConsent = await post('/api/contesto/confermaIntegrazione', anna, base)
    expect([noConsent.statusCode, noConsent.json().errorCode]).toEqual([400, 'C07'])
    const bad = await post('/api/contesto/confermaIntegrazione', anna, { ...base, email: 'non-una-email', abilitazioneConsensoTrattamentoDatiPersonali: true })
    expect([bad.statusCode, bad.json().errorCode]).toEqual([400, 'G02'])
    expect(bad.json().message).toContain('email')
    const ok = await post('/api/contesto/confermaIntegrazione', anna, { ...base, abilitazioneConsensoTrattamentoDatiPersonali: true })
    expect(ok.statusCode).toBe(200)
    expect(v.parse(ContestoSchema, ok.json())).toMatchObject({ integrazione: true, stato: 'ATTIVO', email: 'anna.l@example.it' })
  })

  it('POST /api/contesto/sceltaProfilo answers { profilo } and activates the facilitator', async () => {
    const cf = 'DLCMTT95C15A662J'
    const ctx = v.parse(ContestoSchema, (await post('/api/contesto', cf, {})).json())
    const p = ctx.profiliUtente[0]!
    const res = await post('/api/contesto/sceltaProfilo', cf, { codiceRuolo: 'FAC', idProgramma: p.idProgramma, idProgetto: p.idProgetto, idEnte: p.idEnte }, 'FAC')
    expect(res.statusCode).toBe(200)
    expect(v.parse(v.object({ profilo: ProfiloSchema }), res.json()).profilo).toEqual(p)
    const rows = await h.db.select().from(s.enteSedeProgettoFacilitatore).where(eq(s.enteSedeProgettoFacilitatore.idFacilitatore, ctx.id))
    expect(rows.map((r) => r.statoUtente)).toEqual(['ATTIVO'])
  })

  it('POST /api/contesto/sceltaProfilo rejects a body role other than the header role (403 A10), a foreign project (403 C03) and a bad body (400 G02)', async () => {
    const cf = 'RSSLSN77R19G478N'
    const ctx = v.parse(ContestoSchema, (await post('/api/contesto', cf, {})).json())
    const fac = ctx.profiliUtente.find((p) => p.codiceRuolo === 'FAC')!
    const mismatch = await post('/api/contesto/sceltaProfilo', cf, { codiceRuolo: 'FAC', idProgramma: fac.idProgramma, idProgetto: fac.idProgetto, idEnte: fac.idEnte }, 'REG')
    expect([mismatch.statusCode, mismatch.json().errorCode]).toEqual([403, 'A10'])
    const regp = ctx.profiliUtente.find((p) => p.codiceRuolo === 'REGP')!
    const foreign = await post('/api/contesto/sceltaProfilo', cf, { codiceRuolo: 'FAC', idProgramma: regp.idProgramma, idProgetto: regp.idProgetto, idEnte: fac.idEnte }, 'FAC')
    expect([foreign.statusCode, foreign.json().errorCode]).toEqual([403, 'C03'])
    const bad = await post('/api/contesto/sceltaProfilo', cf, { codiceRuolo: 'FAC', idProgramma: 'uno' }, 'FAC')
    expect([bad.statusCode, bad.json().errorCode]).toEqual([400, 'G02'])
  })
})

describe('health routes', () => {
  it('live answers ok; ready answers 503 until ready() is true', async () => {
    const live = await app.inject({ method: 'GET', url: '/api/health/live' })
    expect([live.statusCode, live.json()]).toEqual([200, { status: 'ok' }])
    ready = false
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503)
    ready = true
    const res = await app.inject({ method: 'GET', url: '/api/health/ready' })
    expect([res.statusCode, res.json()]).toEqual([200, { status: 'ok' }])
  })
})
