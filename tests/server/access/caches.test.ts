// @vitest-environment node
/**
 * The caches of the request path must not weaken access control:
 * - the verified-token cache (server/auth/verify-token.ts) only short-cuts the exact token string it
 *   verified, until its `exp`: a forged, altered or expired token is refused even right after a genuine
 *   one was remembered;
 * - the principal cache (server/auth/principal-cache.ts) reuses a principal only while the database's
 *   principal generation is unchanged: the triggers of migration 0002 bump it on any write to the tables a
 *   principal is built from (a role removed, a facilitator link terminated, a user changed), once per
 *   transaction, and leave it alone on field writes.
 */
import { and, eq } from 'drizzle-orm'
import { importJWK, SignJWT, type JWK } from 'jose'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Principal } from '../../../server/auth/types'
import { createPrincipalCache, readPrincipalGeneration } from '../../../server/auth/principal-cache'
import { createTokenVerifier } from '../../../server/auth/verify-token'
import { enteSedeProgettoFacilitatore, servizio, STATO, utente, utenteXRuolo } from '../../../server/db/schema'
import { ApiError } from '../../../server/errors'
import { generateSigningJwk, toPublicJwk } from '../../../server/oidc/keys'
import { createTestServer, type TestServer } from '../helpers'
import { actor, call, CF, createService, named, type Actor } from '../field/fixtures'

const ISSUER = 'http://127.0.0.1:8080/oidc'
const AUD = 'punto-digitale'

describe('verified-token cache', () => {
  let key: JWK
  let otherKey: JWK
  const sign = async (opts: { jwk?: JWK; expOffset?: number; cf?: string } = {}) => {
    const now = Math.floor(Date.now() / 1000)
    return new SignJWT({ fiscalNumber: `TINIT-${opts.cf ?? CF.SARA}` })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid })
      .setIssuer(ISSUER).setAudience(AUD).setIssuedAt(now).setExpirationTime(now + (opts.expOffset ?? 3600))
      .sign(await importJWK(opts.jwk ?? key, 'RS256'))
  }
  const refused = async (promise: Promise<unknown>) => {
    const err = await promise.then(() => undefined, (e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ status: 401, errorCode: 'A08' })
  }
  const verifier = () => createTokenVerifier({ issuer: ISSUER, audience: AUD, fiscalCodeClaim: 'fiscalNumber', jwks: { keys: [toPublicJwk(key)] } })

  beforeAll(async () => {
    key = await generateSigningJwk()
    otherKey = { ...(await generateSigningJwk()), kid: key.kid }
  })
  afterEach(() => { vi.useRealTimers() })

  it('refuses a forged token (same claims, same kid, another key) and an altered one after a genuine one was cached', async () => {
    const verify = verifier()
    const genuine = await sign()
    expect(await verify(genuine)).toEqual({ codiceFiscale: CF.SARA })
    expect(await verify(genuine)).toEqual({ codiceFiscale: CF.SARA })
    await refused(verify(await sign({ jwk: otherKey })))
    const [h, p, s] = genuine.split('.') as [string, string, string]
    const otherPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), fiscalNumber: `TINIT-${CF.MATTEO}` })).toString('base64url')
    await refused(verify(`${h}.${otherPayload}.${s}`))
    await refused(verify(`${genuine}x`))
    await refused(verify(await sign({ expOffset: -3600 })))
  })

  it('stops trusting a cached token once it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const verify = verifier()
    const token = await sign({ expOffset: 60 })
    expect(await verify(token)).toEqual({ codiceFiscale: CF.SARA })
    vi.setSystemTime(Date.now() + 50_000)
    expect(await verify(token)).toEqual({ codiceFiscale: CF.SARA })
    // past exp and the 30 s tolerance: the cache entry is gone and the signature check refuses it
    vi.setSystemTime(Date.now() + 60_000)
    await refused(verify(token))
  })

  it('does not remember anything with cacheSize 0', async () => {
    const verify = createTokenVerifier({ issuer: ISSUER, audience: AUD, fiscalCodeClaim: 'fiscalNumber', jwks: { keys: [toPublicJwk(key)] }, cacheSize: 0 })
    const token = await sign()
    expect(await verify(token)).toEqual({ codiceFiscale: CF.SARA })
    expect(await verify(token)).toEqual({ codiceFiscale: CF.SARA })
  })
})

describe('createPrincipalCache (unit)', () => {
  const principal = (userId: number): Principal => ({ userId, codiceFiscale: CF.SARA, nome: 'Sara', cognome: 'R', integrazione: true, ruoli: [], profili: [] })

  it('reuses the principal while the generation is unchanged and reloads when it changes', async () => {
    let gen = 1
    const load = vi.fn(async () => principal(gen))
    const cached = createPrincipalCache({ load, generation: async () => String(gen) })
    expect((await cached(CF.SARA))?.userId).toBe(1)
    expect((await cached(CF.SARA.toLowerCase()))?.userId).toBe(1)
    expect(load).toHaveBeenCalledTimes(1)
    gen = 2
    expect((await cached(CF.SARA))?.userId).toBe(2)
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('shares one load between concurrent misses, freezes what it shares, caches unknown users', async () => {
    const load = vi.fn(async (cf: string) => (cf === CF.SARA ? principal(7) : null))
    const cached = createPrincipalCache({ load, generation: async () => '5' })
    const [a, b] = await Promise.all([cached(CF.SARA), cached(CF.SARA)])
    expect(a).toBe(b)
    expect(load).toHaveBeenCalledTimes(1)
    expect(Object.isFrozen(a?.ruoli)).toBe(true)
    expect(await cached('XXXXXX00X00X000X')).toBeNull()
    expect(await cached('XXXXXX00X00X000X')).toBeNull()
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('bounds age and size, and never caches without a generation row', async () => {
    let now = 0
    const load = vi.fn(async () => principal(1))
    const cached = createPrincipalCache({ load, generation: async () => '1', maxAgeMs: 1000, maxEntries: 2, now: () => now })
    await cached(CF.SARA)
    now = 1500
    await cached(CF.SARA)
    expect(load).toHaveBeenCalledTimes(2)
    await cached(CF.MATTEO)
    await cached(CF.LUCA)
    expect(cached.size).toBe(2)
    // each entry's limit is drawn between half and all of maxAgeMs: entries loaded together expire apart
    let draw = 0
    const spread = vi.fn(async () => principal(1))
    const jittered = createPrincipalCache({ load: spread, generation: async () => '1', maxAgeMs: 1000, now: () => now, random: () => draw })
    now = 0
    draw = 0
    await jittered(CF.SARA) // limit 500 ms
    draw = 0.999
    await jittered(CF.MATTEO) // limit ~1000 ms
    now = 499
    await jittered(CF.SARA)
    await jittered(CF.MATTEO)
    expect(spread).toHaveBeenCalledTimes(2)
    now = 600
    await jittered(CF.SARA)
    await jittered(CF.MATTEO)
    expect(spread).toHaveBeenCalledTimes(3)
    expect(spread).toHaveBeenLastCalledWith(CF.SARA)
    const none = vi.fn(async () => principal(1))
    const uncached = createPrincipalCache({ load: none, generation: async () => '' })
    await uncached(CF.SARA)
    await uncached(CF.SARA)
    expect(none).toHaveBeenCalledTimes(2)
  })
})

describe('principal cache on the real server', () => {
  let server: TestServer
  let sara: Actor
  const sedi = (who: Actor) => call(server, who, 'POST', '/api/servizio/facilitatore/sedi/dropdown')
  const gen = () => readPrincipalGeneration(server.database.db)

  beforeAll(async () => {
    server = await createTestServer()
    sara = await actor(server, CF.SARA, 'FAC')
  })
  afterAll(() => server?.close())

  it('sees a removed role at the next request, and its return', async () => {
    expect((await sedi(sara)).statusCode).toBe(200)
    expect((await sedi(sara)).statusCode).toBe(200)
    const db = server.database.db
    const where = and(eq(utenteXRuolo.idUtente, sara.userId), eq(utenteXRuolo.codiceRuolo, 'FAC'))
    const [link] = await db.select().from(utenteXRuolo).where(where)
    await db.delete(utenteXRuolo).where(where)
    try {
      const res = await sedi(sara)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ errorCode: 'A09' })
    } finally {
      await db.insert(utenteXRuolo).values(link!)
    }
    expect((await sedi(sara)).statusCode).toBe(200)
  })

  it('sees a terminated facilitator link (the profile is gone: 403 A10)', async () => {
    const db = server.database.db
    const mine = eq(enteSedeProgettoFacilitatore.idFacilitatore, sara.userId)
    const before = await db.select().from(enteSedeProgettoFacilitatore).where(mine)
    expect((await sedi(sara)).statusCode).toBe(200)
    await db.update(enteSedeProgettoFacilitatore).set({ statoUtente: STATO.TERMINATO }).where(mine)
    try {
      const res = await sedi(sara)
      expect(res.statusCode).toBe(403)
      expect(res.json()).toMatchObject({ errorCode: 'A10' })
    } finally {
      for (const row of before) {
        await db.update(enteSedeProgettoFacilitatore).set({ statoUtente: row.statoUtente }).where(and(mine,
          eq(enteSedeProgettoFacilitatore.idEnte, row.idEnte), eq(enteSedeProgettoFacilitatore.idSede, row.idSede),
          eq(enteSedeProgettoFacilitatore.idProgetto, row.idProgetto)))
      }
    }
    expect((await sedi(sara)).statusCode).toBe(200)
  })

  it('bumps the generation once per writing transaction, and not on field writes', async () => {
    const db = server.database.db
    const g0 = await gen()
    await db.transaction(async (tx) => {
      await tx.update(utente).set({ telefono: '3330000000' }).where(eq(utente.id, sara.userId))
      await tx.update(utente).set({ telefono: null }).where(eq(utente.id, sara.userId))
    })
    const g1 = await gen()
    expect(Number(g1)).toBe(Number(g0) + 1)
    const id = await createService(server, sara, { nomeServizio: named('Generazione') })
    expect((await call(server, sara, 'POST', `/api/servizio/${id}/schedaDettaglio`)).statusCode).toBe(200)
    await db.delete(servizio).where(eq(servizio.id, id))
    expect(await gen()).toBe(g1)
  })
})
