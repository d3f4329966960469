// @vitest-environment node
/**
 * Hand-written access cases on the seeded database: permission codes a role must not hold, profile
 * ids of someone else (A10), unscoped roles, the multi-profile manager, and fail-closed routes.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiErrorHandler } from '../../../server/app'
import { accessControl, profileIdsAllowed } from '../../../server/auth/access-control'
import type { Principal, RouteAccess } from '../../../server/auth/types'
import { createTokenVerifier } from '../../../server/auth/verify-token'
import { createPrincipalLoader } from '../../../server/domain/principal'
import { apiCall, createTestServer, TEST_HOST, type TestServer } from '../helpers'

const CF = {
  dtd: 'FRRGLI78C54H501Q',
  dscu: 'BNCMRC69S02H501X',
  regLom: 'CNTLRA75H61F205P',
  sara: 'RMNSRA92E51A944H',
  matteo: 'DLCMTT95C15A662J',
  alessandro: 'RSSLSN77R19G478N',
}

function profile(p: Principal, role: string) {
  const found = p.profili.find((x) => x.codiceRuolo === role)
  if (!found) throw new Error(`${p.codiceFiscale} has no ${role} profile`)
  return found
}
const ids = (p: { idProgramma: number | null; idProgetto: number | null; idEnte: number | null }) =>
  ({ idProgramma: p.idProgramma, idProgetto: p.idProgetto, idEnte: p.idEnte })

describe('explicit access cases', () => {
  let server: TestServer
  let mini: FastifyInstance
  const principals: Record<keyof typeof CF, Principal> = {} as Record<keyof typeof CF, Principal>

  beforeAll(async () => {
    server = await createTestServer()
    const load = createPrincipalLoader(server.database.db)
    for (const [key, cf] of Object.entries(CF)) {
      const p = await load(cf)
      if (!p) throw new Error(`seed lacks ${cf}`)
      principals[key as keyof typeof CF] = p
    }
    // a small app with synthetic routes, guarded by the same plugin, verifier and loader
    const jwks = (await server.app.inject({ url: '/oidc/jwks', headers: { host: TEST_HOST } })).json() as { keys: [] }
    mini = Fastify()
    mini.setErrorHandler(apiErrorHandler)
    await mini.register(accessControl, {
      verifyToken: createTokenVerifier({ issuer: server.config.oidc.issuer, audience: server.config.oidc.clientId, fiscalCodeClaim: 'fiscalNumber', jwks }),
      loadPrincipal: load,
    })
    const route = (url: string, access?: RouteAccess) =>
      mini.post(url, access ? { config: { access } } : {}, async (request) => ({ ok: true, ruolo: request.auth?.codiceRuolo ?? null }))
    route('/api/senza-accesso')
    route('/api/ruoli', { kind: 'permission', codes: ['list.ruoli'] })
    route('/api/nessun-codice', { kind: 'permission', codes: [] })
    route('/api/uno-tra', { kind: 'permission', codes: ['list.ruoli', 'tab.home'], mode: 'any' })
    route('/api/ruolo', { kind: 'role' })
    mini.post('/non-api', async () => ({ ok: true }))
    await mini.ready()
  })
  afterAll(async () => {
    await mini?.close()
    await server?.close()
  })

  it('a facilitator never holds list.ruoli; the DTD does', async () => {
    expect(principals.sara.ruoli.find((r) => r.codiceRuolo === 'FAC')?.permessi).not.toContain('list.ruoli')
    expect(principals.dtd.ruoli.find((r) => r.codiceRuolo === 'DTD')?.permessi).toContain('list.ruoli')
    const fac = await apiCall(mini, { url: '/api/ruoli', token: await server.signIdToken(CF.sara), role: 'FAC', body: {} })
    expect(fac.statusCode).toBe(403)
    expect(fac.json()).toMatchObject({ errorCode: 'A02' })
    const dtd = await apiCall(mini, { url: '/api/ruoli', token: await server.signIdToken(CF.dtd), role: 'DTD', body: {} })
    expect(dtd.statusCode).toBe(200)
    expect(dtd.json()).toEqual({ ok: true, ruolo: 'DTD' })
  })

  it('mode any passes with one code; an empty code list is denied', async () => {
    const token = await server.signIdToken(CF.sara)
    const any = await apiCall(mini, { url: '/api/uno-tra', token, role: 'FAC', body: {} })
    expect(principals.sara.ruoli.find((r) => r.codiceRuolo === 'FAC')?.permessi).toContain('tab.home')
    expect(any.statusCode).toBe(200)
    const none = await apiCall(mini, { url: '/api/nessun-codice', token, role: 'FAC', body: {} })
    expect(none.json()).toMatchObject({ errorCode: 'A02' })
  })

  it('fails closed: an /api route without access config is denied with 403 A02; others are untouched', async () => {
    const res = await apiCall(mini, { url: '/api/senza-accesso', token: await server.signIdToken(CF.dtd), role: 'DTD', body: {} })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ errorCode: 'A02' })
    const other = await mini.inject({ method: 'POST', url: '/non-api', payload: {} })
    expect(other.statusCode).toBe(200)
  })

  it("a facilitator's sceltaProfilo with another facilitator's project ids → 403 A10", async () => {
    const matteo = profile(principals.matteo, 'FAC')
    expect(matteo.idProgetto).not.toBe(profile(principals.sara, 'FAC').idProgetto)
    const res = await apiCall(server.app, {
      url: '/api/contesto/sceltaProfilo', token: await server.signIdToken(CF.sara), role: 'FAC',
      body: { codiceRuolo: 'FAC', ...ids(matteo) },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ errorCode: 'A10' })
  })

  it('her own profile passes the coherence check', async () => {
    const res = await apiCall(server.app, {
      url: '/api/contesto/sceltaProfilo', token: await server.signIdToken(CF.sara), role: 'FAC',
      body: { codiceRuolo: 'FAC', ...ids(profile(principals.sara, 'FAC')) },
    })
    expect(res.statusCode, res.body).toBe(200)
  })

  it('the multi-profile manager: REG ids pass as REG, fail as FAC', async () => {
    const reg = ids(profile(principals.alessandro, 'REG'))
    const token = await server.signIdToken(CF.alessandro)
    expect((await apiCall(mini, { url: '/api/ruolo', token, role: 'REG', body: reg })).statusCode).toBe(200)
    const asFac = await apiCall(mini, { url: '/api/ruolo', token, role: 'FAC', body: reg })
    expect(asFac.statusCode).toBe(403)
    expect(asFac.json()).toMatchObject({ errorCode: 'A10' })
  })

  it('a programme referent cannot act on another programme', async () => {
    const other = profile(principals.alessandro, 'REG') // RFD-2024-LAZ; Laura is REG of RFD-2024-LOM
    const laura = profile(principals.regLom, 'REG')
    expect(other.idProgramma).not.toBe(laura.idProgramma)
    const res = await apiCall(mini, { url: '/api/ruolo', token: await server.signIdToken(CF.regLom), role: 'REG', body: { idProgramma: other.idProgramma } })
    expect(res.json()).toMatchObject({ errorCode: 'A10' })
    const own = await apiCall(mini, { url: '/api/ruolo', token: await server.signIdToken(CF.regLom), role: 'REG', body: ids(laura) })
    expect(own.statusCode).toBe(200)
  })

  it('DTD is unscoped: any ids pass', async () => {
    const res = await apiCall(mini, { url: '/api/ruolo', token: await server.signIdToken(CF.dtd), role: 'DTD', body: ids(profile(principals.sara, 'FAC')) })
    expect(res.statusCode).toBe(200)
  })

  it('non-numeric ids never match (fail closed)', async () => {
    const res = await apiCall(mini, { url: '/api/ruolo', token: await server.signIdToken(CF.sara), role: 'FAC', body: { idProgetto: 'tutti' } })
    expect(res.json()).toMatchObject({ errorCode: 'A10' })
  })

  it('DSCU: an SCD programme passes, a programme known to be RFD does not', () => {
    const dscu = principals.dscu
    const scdProfile = { ...profile(principals.sara, 'FAC'), codiceRuolo: 'VOL', idProgramma: 900, policy: 'SCD' as const }
    const rfdProfile = { ...profile(principals.sara, 'FAC'), codiceRuolo: 'VOL', idProgramma: 901, policy: 'RFD' as const }
    const withData: Principal = { ...dscu, profili: [...dscu.profili, scdProfile, rfdProfile] }
    expect(profileIdsAllowed(withData, 'DSCU', { idProgramma: 900 })).toBe(true)
    expect(profileIdsAllowed(withData, 'DSCU', { idProgramma: 901 })).toBe(false)
    expect(profileIdsAllowed(withData, 'DSCU', { idProgramma: 12345 })).toBe(true)
    expect(profileIdsAllowed(withData, 'DSCU', {})).toBe(true)
  })

  it('malformed JSON is a 400 G02, not a 500', async () => {
    const res = await server.app.inject({
      method: 'POST', url: '/api/contesto', headers: { host: TEST_HOST, 'content-type': 'application/json', authToken: await server.signIdToken(CF.sara) },
      payload: '{"rotto":',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ errorCode: 'G02' })
  })
})
