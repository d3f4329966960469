// @vitest-environment node
/**
 * Property-based fuzzing of EVERY registered `/api` route (security issue 6, item 9): the routes are
 * collected with the app's onRoute hook, never listed by hand, and each one receives requests generated
 * by fast-check from
 * - the caller: valid tokens of several roles (FAC, VOL, DTD, DSCU, REG, REGP, MOD, a user not yet
 *   registered), no token, a garbage token; `userRole` right, wrong, missing or odd;
 * - path parameters: real ids and UUIDs, and huge, negative, float, exponent, hex, NUL, broken
 *   percent-encodings, prototype names, over-long segments;
 * - the query string: the route's own keys and random ones, with valid and malicious values;
 * - the body: the route's valid-shaped body (the contract's) mutated 0–3 times (wrong types, NUL strings,
 *   lone surrogates, prototype-pollution keys, deep nesting up to 6,000 levels, arrays of 20,000 items,
 *   unicode, survey sections with reserved question ids), or random JSON, invalid JSON, another type;
 * - headers: `Idempotency-Key` fresh, reused, invalid or absent; several content types.
 * Every answer must be < 500, and ≥ 400 only with `{errorCode, message}` where `errorCode` is in the
 * error catalogue; after the run the server is healthy (`/api/health/ready` 200, normal reads and writes
 * work). The run is bounded (at least 4 and at most 120 cases per route, as many as a time budget allows:
 * well under 60 s on 2 cores, on PGlite and on PostgreSQL) and reproducible: a failure reports fast-check's seed and path and the request sent;
 * `FUZZ_SEED`, `FUZZ_RUNS`, `FUZZ_BUDGET_MS` and `FUZZ_KEEP_GOING` override the defaults.
 */
import { readFileSync } from 'node:fs'
import type { InjectOptions, RouteOptions } from 'fastify'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, TEST_HOST, type TestServer } from '../helpers'
import { encodeSegment, jsonText, keyPaths, mutate, type Mutation, nastyScalar, nastySection, nastyStructure, NUL, SECTION_FIELDS, UNREGISTERED_CF, validBody, type World } from './requests'
import { actor, CF, createService, DEMOGRAFICA, firstSite, fiscalCodeAged, named, type Actor } from '../field/fixtures'

/** Defaults: runs per route and the time budget of the whole property run (overridable by env). */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 120)
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 25_000)
/**
 * Every route gets at least this many cases whatever the machine's load: the budget sets how many more.
 * (A time limit per route instead ended a route after zero cases when one answer took longer than the
 * route's share on a loaded machine, and fast-check fails a property interrupted before its first run.)
 */
const MIN_RUNS_PER_ROUTE = 4
/** `FUZZ_KEEP_GOING=1`: count every failing answer of the whole run (triage) instead of stopping at the first. */
const KEEP_GOING = process.env.FUZZ_KEEP_GOING === '1'
const SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : Date.now() ^ (Math.random() * 0x7fffffff)

const CATALOGUE = new Set(Object.keys((JSON.parse(readFileSync('public/data/errors.json', 'utf8')) as { errors: Record<string, unknown> }).errors))
/** A generated request for one route, before it is turned into `inject` options. */
interface FuzzCase {
  actor: number
  tokenKind: 'valid' | 'none' | 'garbage' | 'unregistered'
  role: string | undefined
  params: Record<string, string>
  query: string
  body: { kind: 'json'; pick: number; mutations: Mutation[] } | { kind: 'replace'; value: unknown } | { kind: 'raw'; text: string; contentType: string } | { kind: 'none' }
  idempotencyKey: string | undefined
}

describe('fuzzing every /api route: never a 5xx', () => {
  let server: TestServer
  let world: World
  let routes: { method: string; url: string }[]

  beforeAll(async () => {
    server = await createTestServer()
    routes = server.routes
      .filter((r) => r.url.startsWith('/api'))
      .flatMap((r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD').map((method) => ({ method, url: r.url })))
    const pairs: [string, string][] = [
      [CF.SARA, 'FAC'], [CF.LUCA, 'VOL'], [CF.DTD, 'DTD'], [CF.DSCU, 'DSCU'], [CF.REG_LOM, 'REG'], [CF.REGP_ROMA, 'REGP'], [CF.MOD, 'MOD'], [CF.ALESSANDRO, 'FAC'],
    ]
    const actors = await Promise.all(pairs.map(([cf, role]) => actor(server, cf, role)))
    const sara = actors[0] as Actor
    const sites = new Map<string, number>()
    for (const a of actors.filter((x) => x.role === 'FAC' || x.role === 'VOL')) sites.set(a.cf, await firstSite(server, a))
    const serviceIds = [
      await createService(server, sara, { nomeServizio: named('Fuzz A'), data: '2025-04-01' }),
      await createService(server, sara, { nomeServizio: named('Fuzz B'), data: '2025-04-02' }),
    ]
    const fiscalCodes = [fiscalCodeAged(30), fiscalCodeAged(45, 'M'), fiscalCodeAged(70), fiscalCodeAged(16)]
    const instanceIds: string[] = []
    for (const [i, cf] of fiscalCodes.slice(0, 3).entries()) {
      const res = await server.app.inject({
        method: 'POST', url: `/api/servizio/cittadino/${serviceIds[i % 2]}`,
        headers: { host: TEST_HOST, authToken: sara.token, userRole: 'FAC' },
        payload: { ...sara.ids, codiceFiscale: cf, nuovoCittadino: true, ...DEMOGRAFICA },
      })
      if (res.statusCode !== 201) throw new Error(`fixture citizen: ${res.statusCode} ${res.body}`)
      instanceIds.push((res.json() as { idQuestionario: string }).idQuestionario)
    }
    const anonymousId = instanceIds[2] as string
    const link = await server.app.inject({
      method: 'POST', url: `/api/servizio/cittadino/questionarioCompilato/${anonymousId}/invia`,
      headers: { host: TEST_HOST, authToken: sara.token, userRole: 'FAC' }, payload: sara.ids,
    })
    const unregistered: Actor = { cf: UNREGISTERED_CF, role: 'FAC', token: await server.signIdToken(UNREGISTERED_CF), ids: { idProgramma: null, idProgetto: null, idEnte: null }, userId: 0 }
    world = {
      actors, unregistered, sites, serviceIds, instanceIds, fiscalCodes,
      anonymous: { id: anonymousId, token: (link.json() as { token: string }).token },
    }
  })
  afterAll(() => server?.close())

  /** The arbitrary of the requests of one route. */
  function caseArbitrary(method: string, url: string): fc.Arbitrary<FuzzCase> {
    const paramNames = [...url.matchAll(/:(\w+)/g)].map((m) => m[1] as string)
    const isInstance = url.includes('questionarioCompilato')
    const goodParam = isInstance
      ? fc.constantFrom(...world.instanceIds, world.anonymous.id, crypto.randomUUID(), '00000000-0000-0000-0000-000000000000')
      : fc.constantFrom(...world.serviceIds.map(String), '1', '2', '3', '999999', '2147483647')
    const badParam = fc.oneof(
      fc.constantFrom('0', '-1', '1.5', '1e3', '0x10', '2147483648', '4294967296', '9007199254740991', '9007199254740993', '99999999999999999999999',
        '%00', 'a%00b', '%E0%A4%A', '%ZZ', '%', '%2e%2e', '..', '%20', '__proto__', 'constructor', 'toString', "1'%20OR%20'1'='1", '%F0%9F%98%80', '%ED%A0%80',
        'x'.repeat(150), '1'.repeat(120), 'null', 'undefined', 'NaN', '+1', '%2B1', '%201', '1%2F2'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map(encodeSegment),
      fc.integer().map(String),
      fc.double().map((d) => encodeSegment(String(d))),
    )
    const params = fc.tuple(...paramNames.map(() => fc.oneof({ weight: 2, arbitrary: goodParam }, { weight: 3, arbitrary: badParam })))
      .map((values) => Object.fromEntries(paramNames.map((n, i) => [n, values[i] as string])))

    const queryKeys = ['currPage', 'pageSize', 't', 'idProgramma', 'idProgetto', 'idEnte', '__proto__', 'constructor', 'x']
    const queryValue = fc.oneof(
      fc.constantFrom('0', '1', '8', '1000', '1001', '999999', '1000000', '-1', '1.5', '1e3', '%00', 'a%00b', '%E0%A4%A', '', 'x'.repeat(300), '%ED%A0%80',
        world.anonymous.token, encodeSegment(world.anonymous.token), String(world.actors[0]?.ids.idProgramma), String(world.actors[0]?.ids.idProgetto), String(world.actors[0]?.ids.idEnte), '2147483648'),
      fc.string({ unit: 'binary', maxLength: 20 }).map(encodeSegment),
    )
    const query = fc.oneof(
      { weight: 1, arbitrary: fc.constant('') },
      { weight: 1, arbitrary: fc.constant(url.includes('anonimo') ? `t=${encodeURIComponent(world.anonymous.token)}` : 'currPage=0&pageSize=8') },
      { weight: 3, arbitrary: fc.array(fc.tuple(fc.constantFrom(...queryKeys), queryValue), { maxLength: 4 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&')) },
    )

    const template = validBody(method, url, world.actors[0] as Actor, world, 0)
    const paths = keyPaths(template)
    const mutation: fc.Arbitrary<Mutation> = fc.oneof(
      { weight: 5, arbitrary: fc.tuple(paths.length > 0 ? fc.constantFrom(...paths) : fc.constant(['x']), fc.nat(1000))
        .map(([path, how]) => ({ kind: 'taint' as const, path, how })) },
      { weight: 3, arbitrary: fc.tuple(paths.length > 0 ? fc.constantFrom(...paths) : fc.constant(['x']), fc.oneof(nastyScalar, nastyStructure, nastySection))
        .map(([path, value]) => ({ kind: 'set' as const, path, value })) },
      { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...paths.filter((p) => SECTION_FIELDS.has(p[p.length - 1] ?? '')), ['sezioneQ4Questionario']), nastySection)
        .map(([path, value]) => ({ kind: 'set' as const, path, value })) },
      { weight: 1, arbitrary: (paths.length > 0 ? fc.constantFrom(...paths) : fc.constant(['x'])).map((path) => ({ kind: 'delete' as const, path })) },
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom('__proto__', 'constructor', 'toString', 'prototype', `k${NUL}`, '\ud800', 'x'.repeat(500), 'idServizio'), fc.oneof(nastyScalar, nastyStructure))
        .map(([key, value]) => ({ kind: 'extra' as const, key, value })) },
    )
    const body: fc.Arbitrary<FuzzCase['body']> = fc.oneof(
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('json' as const), pick: fc.nat(1000), mutations: fc.constant<Mutation[]>([]) }) },
      { weight: 6, arbitrary: fc.record({ kind: fc.constant('json' as const), pick: fc.nat(1000), mutations: fc.array(mutation, { minLength: 1, maxLength: 2 }) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('json' as const), pick: fc.nat(1000), mutations: fc.array(mutation, { minLength: 3, maxLength: 6 }) }) },
      { weight: 1, arbitrary: fc.oneof(nastyScalar, nastyStructure).map((value) => ({ kind: 'replace' as const, value })) },
      { weight: 1, arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        text: fc.oneof(fc.constantFrom('', '{', '{"a":', 'nul', '{"a":1,}', `{"a":"${NUL}"}`, '{"a":"\\u0000"}', '{"a":"\\ud800"}', '{"__proto__":{"x":1}}',
          '{"constructor":{"prototype":{"x":1}}}', '\ufeff{}', '{"a":1}{"b":2}', '[1,2', 'a=1&b=2'), fc.string({ unit: 'binary', maxLength: 60 })),
        contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x', 'application/octet-stream', 'application/json; charset=latin1', 'application/vnd.api+json', 'APPLICATION/JSON'),
      }) },
      { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
    )
    const roles = ['FAC', 'VOL', 'DTD', 'DSCU', 'REG', 'REGP', 'MOD', 'DEG', 'xyz', '', ' FAC ', 'fac', 'FAC,DTD', 'é', '__proto__']
    return fc.record({
      // Sara (FAC, index 0) half of the time: most routes are field routes, and she owns the fixtures
      actor: fc.oneof(fc.constant(0), fc.nat(world.actors.length - 1)),
      tokenKind: fc.oneof({ weight: 8, arbitrary: fc.constant('valid' as const) }, { weight: 1, arbitrary: fc.constantFrom('none' as const, 'garbage' as const, 'unregistered' as const) }),
      role: fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(...roles) }),
      params,
      query,
      body,
      idempotencyKey: fc.oneof(
        { weight: 3, arbitrary: fc.constant(undefined) },
        { weight: 2, arbitrary: fc.uuid() },
        { weight: 1, arbitrary: fc.constantFrom('00000000-0000-4000-8000-000000000001', 'abc', '', ' ', 'x'.repeat(1000), '0000000-0000-4000-8000-000000000001', '{}') },
      ),
    })
  }

  /** `inject` options of a generated case; `userRole` defaults to the actor's role. */
  function toRequest(method: string, url: string, c: FuzzCase): InjectOptions {
    const who = world.actors[c.actor] as Actor
    const path = url.replace(/:(\w+)/g, (_m, name: string) => c.params[name] ?? '1')
    const headers: Record<string, string> = { host: TEST_HOST }
    if (c.tokenKind === 'valid') headers.authToken = who.token
    else if (c.tokenKind === 'garbage') headers.authToken = 'abc.def.ghi'
    else if (c.tokenKind === 'unregistered') headers.authToken = world.unregistered.token
    headers.userRole = c.role ?? who.role
    if (c.idempotencyKey !== undefined) headers['idempotency-key'] = c.idempotencyKey
    const options: InjectOptions = { method: method as InjectOptions['method'], url: c.query ? `${path}?${c.query}` : path, headers }
    if (c.body.kind === 'json') {
      options.payload = jsonText(mutate(validBody(method, url, who, world, c.body.pick), c.body.mutations))
      headers['content-type'] = 'application/json'
    } else if (c.body.kind === 'replace') {
      options.payload = jsonText(c.body.value)
      headers['content-type'] = 'application/json'
    } else if (c.body.kind === 'raw') {
      options.payload = c.body.text
      headers['content-type'] = c.body.contentType
    }
    return options
  }

  /** A short, printable description of a request (for failure messages). */
  const describeRequest = (o: InjectOptions) => {
    const payload = typeof o.payload === 'string' ? o.payload : ''
    return `${o.method} ${String(o.url).slice(0, 300)} headers=${JSON.stringify({ ...(o.headers as object), authToken: undefined })} body(${payload.length})=${JSON.stringify(payload.slice(0, 400))}`
  }

  it('answers every generated request of every route below 500, with a catalogue code on 4xx, and stays healthy', { timeout: BUDGET_MS + 60_000 }, async () => {
    expect(routes.length).toBeGreaterThanOrEqual(20)
    const started = Date.now()
    let caseMs = 0
    const statuses = new Map<number, number>()
    let cases = 0
    let serverErrors = 0
    const failures: string[] = []

    for (const [index, route] of routes.entries()) {
      // the budget left, shared by the routes left, at the average cost of a case so far
      const share = Math.max(0, BUDGET_MS - (Date.now() - started)) / (routes.length - index)
      const averageMs = cases > 0 ? caseMs / cases : 20
      const numRuns = Math.min(RUNS_PER_ROUTE, Math.max(MIN_RUNS_PER_ROUTE, Math.floor(share / averageMs)))
      const property = fc.asyncProperty(caseArbitrary(route.method, route.url), async (c) => {
        const request = toRequest(route.method, route.url, c)
        const caseStarted = Date.now()
        const res = await server.app.inject(request)
        caseMs += Date.now() - caseStarted
        cases++
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
        if (res.statusCode >= 500) serverErrors++
        const label = `${res.statusCode} ${res.body.slice(0, 300)} ← ${describeRequest(request)}`
        let body: { errorCode?: unknown; message?: unknown } = {}
        try {
          body = res.json()
        } catch { /* not JSON: fails below */ }
        // a URL parser resolves dot segments ('..', '%2e%2e') before the server sees the path: a request that so
        // leaves /api is not an API call, and only has to stay below 500
        const leftApi = !/^\/api(\/|$)/.test(new URL(String(request.url), 'http://fuzz.invalid').pathname)
        const ok = res.statusCode < 500 && (res.statusCode < 400 || leftApi || (typeof body.message === 'string' && CATALOGUE.has(String(body.errorCode))))
        if (KEEP_GOING) {
          if (!ok) {
            failures.push(label)
            console.error(`fuzz failure: ${label.slice(0, 700)}`)
          }
          return
        }
        expect(res.statusCode, label).toBeLessThan(500)
        expect(ok, `4xx without a catalogue code: ${label}`).toBe(true)
      })
      await fc.assert(property, {
        seed: SEED + index,
        numRuns,
        endOnFailure: true,
      })
    }

    // the server is still healthy: ready, reads and writes work
    const ready = await server.app.inject({ method: 'GET', url: '/api/health/ready', headers: { host: TEST_HOST } })
    expect(ready.statusCode).toBe(200)
    const sara = world.actors[0] as Actor
    const card = await server.app.inject({ method: 'POST', url: `/api/servizio/${world.serviceIds[0]}/schedaDettaglio`, headers: { host: TEST_HOST, authToken: sara.token, userRole: 'FAC' }, payload: sara.ids })
    expect(card.statusCode, card.body).toBe(200)
    const created = await createService(server, sara, { nomeServizio: named('Dopo il fuzz'), data: '2025-06-30' })
    expect(created).toBeGreaterThan(0)

    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    const byClass = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}:${n}`).join(' ')
    console.info(`fuzz: ${routes.length} routes, ${cases} cases in ${seconds} s on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, seed ${SEED}, 5xx ${serverErrors} (${byClass})`)
    expect(failures.slice(0, 20), `${failures.length} failing answers`).toEqual([])
    expect(serverErrors).toBe(0)
  })
})
