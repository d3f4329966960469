// @vitest-environment node
/**
 * Table-driven access control over EVERY registered `/api` route (issue #2 point 4): the routes are
 * collected with an onRoute hook, never listed by hand. For each: no token → 401 A07, forged / expired /
 * wrong-audience token → 401 A08, unknown user → 401 A08 (404 U20 on `token` routes), `userRole`
 * missing or not held → 401 A09; and, for a
 * representative set of roles, allow/deny computed from the route's declared codes and the role's
 * permissions loaded from the database.
 */
import type { RouteOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Principal, RouteAccess } from '../../../server/auth/types'
import { createPrincipalLoader } from '../../../server/domain/principal'
import { apiCall, createTestServer, type TestServer } from '../helpers'

const ACCESS_CODES = new Set(['A02', 'A07', 'A08', 'A09', 'A10'])

/** Personas: one per representative role, plus the multi-profile manager (all his roles). */
// DTD comes last: its calls with id 1 may change the seeded world (e.g. unlink a NON ATTIVO managing body
// with its referents) that the other personas' profiles rest on
const PERSONAS: { cf: string; role: string }[] = [
  { cf: 'CNTLRA75H61F205P', role: 'REG' },
  { cf: 'MRTFNC80A70F839W', role: 'REGP' },
  { cf: 'RMNSRA92E51A944H', role: 'FAC' },
  { cf: 'SPSLCU00B24F839F', role: 'VOL' },
  { cf: 'CLMCHR88M48L736C', role: 'MOD' },
  { cf: 'RSSLSN77R19G478N', role: 'REG' },
  { cf: 'RSSLSN77R19G478N', role: 'REGP' },
  { cf: 'RSSLSN77R19G478N', role: 'FAC' },
  { cf: 'FRRGLI78C54H501Q', role: 'DTD' },
]
const SARA = 'RMNSRA92E51A944H'
const UNKNOWN_CF = 'ZZZZZZ00Z00Z000Z'

interface ApiRoute { method: string; url: string; access: RouteAccess | undefined; perIdCheck: boolean }

function concreteUrl(url: string): string {
  return url.replace(/:(\w+)/g, '1').replace(/\*$/, 'x')
}

function expectedAllowed(access: RouteAccess, principal: Principal, role: string): boolean {
  if (access.kind !== 'permission') return true
  const held = principal.ruoli.find((r) => r.codiceRuolo === role)?.permessi ?? []
  if (access.codes.length === 0) return false
  return access.mode === 'any' ? access.codes.some((c) => held.includes(c)) : access.codes.every((c) => held.includes(c))
}

/** A body the role may send: its profile's ids (and `codiceRuolo`, as sceltaProfilo wants). */
function profileBody(principal: Principal, role: string) {
  const p = principal.profili.find((x) => x.codiceRuolo === role)
  return { codiceRuolo: role, idProgramma: p?.idProgramma ?? null, idProgetto: p?.idProgetto ?? null, idEnte: p?.idEnte ?? null }
}

describe('access control on every /api route', () => {
  let server: TestServer
  let routes: ApiRoute[]
  const principals = new Map<string, Principal>()

  beforeAll(async () => {
    server = await createTestServer()
    routes = server.routes
      .filter((r) => r.url.startsWith('/api'))
      .flatMap((r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method])
        .filter((m) => m !== 'HEAD')
        .map((method) => ({ method, url: r.url, access: r.config?.access, perIdCheck: r.config?.perIdCheck === true })))
    const load = createPrincipalLoader(server.database.db)
    for (const cf of new Set(PERSONAS.map((p) => p.cf))) {
      const principal = await load(cf)
      if (!principal) throw new Error(`seed lacks ${cf}`)
      principals.set(cf, principal)
    }
  })
  afterAll(() => server?.close())

  it('finds the routes of this issue and every one declares its access', () => {
    const keys = routes.map((r) => `${r.method} ${r.url}`)
    expect(keys).toEqual(expect.arrayContaining([
      'POST /api/contesto', 'POST /api/contesto/confermaIntegrazione', 'POST /api/contesto/sceltaProfilo', 'GET /api/health/ready',
      // detail step 2: the unique users of a programme / project (card access, per-id checks)
      'POST /api/programma/:id/cittadini/all', 'POST /api/progetto/:id/cittadini/all',
      // community (issue 12): the forwarded paths of spec 001 §7
      'GET /api/board/items', 'GET /api/community/items', 'GET /api/document/items', 'GET /api/board/filters',
      'GET /api/board/item/:id/user/:userId', 'POST /api/board/item/create', 'POST /api/document/item/:id/update',
      'GET /api/search/board/items', 'GET /api/search/community/items', 'GET /api/search/document/items',
      'POST /api/item/:id/delete', 'POST /api/item/:id/file/upload', 'GET /api/item/:id/attachment', 'GET /api/item/:id/cover',
      'POST /api/item/:id/:event', 'POST /api/item/:id/usefull', 'POST /api/item/:id/report', 'POST /api/item/:id/comment',
      'GET /api/item/:id/comments/user/:userId', 'POST /api/comment/:id/reply', 'POST /api/comment/:id/update',
      'POST /api/comment/:id/delete', 'POST /api/comment/:id/report', 'POST /api/comment/:id/:event',
      'GET /api/reports', 'POST /api/report/:id/delete', 'GET /api/category/retrieve', 'POST /api/category/create',
      'POST /api/category/:id/update', 'POST /api/category/:id/delete', 'GET /api/tags/retrieve',
      // notifications (issue 12 point 7)
      'GET /api/user/:id/notifications', 'GET /api/user/:id/notifications/count', 'POST /api/user/:id/notifications/read',
      'POST /api/notification/:ids/read', 'POST /api/notification/:ids/delete', 'POST /api/notifications/stream/ticket',
      'GET /api/notifications/stream',
      'GET /api/user/:id/items',
      // the API description (issue 14 point 5), public
      'GET /api/openapi.json', 'GET /api/docs',
    ]))
    for (const r of routes) expect(r.access, `${r.method} ${r.url} has no config.access`).toBeDefined()
  })

  it('answers every protected route with 401/403 JSON, never 500, for each failure class', async () => {
    const forged = await server.signIdToken(SARA, { wrongKey: true })
    const expired = await server.signIdToken(SARA, { expired: true })
    const wrongAud = await server.signIdToken(SARA, { audience: 'altro-client' })
    const wrongIss = await server.signIdToken(SARA, { issuer: 'http://127.0.0.1:9999/oidc' })
    const unknown = await server.signIdToken(UNKNOWN_CF)
    const valid = await server.signIdToken(SARA)
    const sara = principals.get(SARA) as Principal
    const body = profileBody(sara, 'FAC')
    let checked = 0

    for (const r of routes) {
      if (!r.access || r.access.kind === 'public') continue
      const url = concreteUrl(r.url)
      const call = (token?: string, role?: string) => apiCall(server.app, { method: r.method as 'GET', url, token, role, body: r.method === 'GET' ? undefined : body })
      const cases: [string, Promise<{ statusCode: number; json: () => unknown }>, number, string][] = [
        ['no token', call(undefined, 'FAC'), 401, 'A07'],
        ['forged signature', call(forged, 'FAC'), 401, 'A08'],
        ['expired', call(expired, 'FAC'), 401, 'A08'],
        ['wrong audience', call(wrongAud, 'FAC'), 401, 'A08'],
        ['wrong issuer', call(wrongIss, 'FAC'), 401, 'A08'],
        ['garbage token', call('abc.def.ghi', 'FAC'), 401, 'A08'],
      ]
      // a valid identity without an account: 404 U20 on token routes (contesto), 401 A08 elsewhere
      if (r.access.kind === 'token') cases.push(['unknown user', call(unknown, 'FAC'), 404, 'U20'])
      else cases.push(['unknown user', call(unknown, 'FAC'), 401, 'A08'])
      if (r.access.kind === 'role' || r.access.kind === 'permission') {
        cases.push(['role not held', call(valid, 'DTD'), 401, 'A09'])
        cases.push(['role header missing', call(valid), 401, 'A09'])
      }
      for (const [label, pending, status, code] of cases) {
        const res = await pending
        expect(res.statusCode, `${r.method} ${r.url}: ${label}`).toBe(status)
        expect(res.json(), `${r.method} ${r.url}: ${label}`).toMatchObject({ errorCode: code, message: expect.any(String) })
        checked++
      }
    }
    expect(checked).toBeGreaterThan(0)
  })

  it.each(PERSONAS)('allows or denies $role ($cf) as the route and the role permissions say', async ({ cf, role }) => {
    const principal = principals.get(cf) as Principal
    expect(principal.ruoli.map((r) => r.codiceRuolo)).toContain(role)
    const token = await server.signIdToken(cf)
    for (const r of routes) {
      if (!r.access || r.access.kind === 'public' || r.access.kind === 'token') continue
      const res = await apiCall(server.app, {
        method: r.method as 'GET',
        url: concreteUrl(r.url),
        token,
        role,
        body: r.method === 'GET' ? undefined : profileBody(principal, role),
      })
      const label = `${role} ${cf} → ${r.method} ${r.url}: ${res.statusCode} ${res.body.slice(0, 200)}`
      expect(res.statusCode, label).toBeLessThan(500)
      const code = res.statusCode >= 400 ? (res.json() as { errorCode?: string }).errorCode : undefined
      if (expectedAllowed(r.access, principal, role)) {
        // a route with per-id checks (platform-backend §4.4) may refuse id 1 with A02 when it is outside the profile
        const perIdDenial = r.perIdCheck && res.statusCode === 403 && code === 'A02'
        expect(ACCESS_CODES.has(code ?? '') && !perIdDenial, label).toBe(false)
      } else {
        expect(res.statusCode, label).toBe(403)
        expect(code, label).toBe('A02')
      }
    }
  })

  it('lets token routes through for every persona with a valid token and no role', async () => {
    for (const cf of principals.keys()) {
      const token = await server.signIdToken(cf)
      for (const r of routes.filter((x) => x.access?.kind === 'token')) {
        const res = await apiCall(server.app, { method: r.method as 'GET', url: concreteUrl(r.url), token, body: r.method === 'GET' ? undefined : {} })
        const code = res.statusCode >= 400 ? (res.json() as { errorCode?: string }).errorCode : undefined
        expect(ACCESS_CODES.has(code ?? ''), `${cf} ${r.url}: ${res.body.slice(0, 200)}`).toBe(false)
        expect(res.statusCode).toBeLessThan(500)
      }
    }
  })

  it('leaves public routes open', async () => {
    // without a token: never an access error and never a 5xx; routes that need a parameter of their own
    // (the anonymous survey's link token) may answer their domain 4xx (T01), but not the access codes
    for (const r of routes.filter((x) => x.access?.kind === 'public')) {
      const res = await apiCall(server.app, { method: r.method as 'GET', url: concreteUrl(r.url), body: r.method === 'GET' ? undefined : {} })
      expect(res.statusCode, `${r.method} ${r.url}`).toBeLessThan(500)
      const code = res.statusCode >= 400 ? (res.json() as { errorCode?: string }).errorCode : undefined
      expect(ACCESS_CODES.has(code ?? ''), `${r.method} ${r.url}: ${res.body.slice(0, 200)}`).toBe(false)
      if (r.url.startsWith('/api/health')) expect(res.statusCode, `${r.method} ${r.url}`).toBeLessThan(400)
    }
  })
})
