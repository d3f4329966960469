// @vitest-environment node
/**
 * The API description of the real app (issue 14 point 5): `/api/openapi.json` validates as OpenAPI 3.1
 * (@seriousme/openapi-schema-validator), covers every `/api` route of the route table (collected with
 * onRoute, as tests/server/access/routes.test.ts does) with a summary, documents the body of every route
 * whose handler parses `request.body` with the SAME contract schema, and `/api/docs` renders every operation.
 */
import { Validator } from '@seriousme/openapi-schema-validator'
import type { RouteOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiOperations, undocumentedRoutes, type OpenApiDocument } from '../../../server/openapi/document'
import { contractSchemaNames } from '../../../server/openapi/contract-names'
import { createTestServer, type TestServer } from '../helpers'

describe('the API description', () => {
  let server: TestServer
  let doc: OpenApiDocument
  let apiRoutes: RouteOptions[]

  beforeAll(async () => {
    server = await createTestServer()
    apiRoutes = server.routes.filter((r) => r.url.startsWith('/api'))
    const res = await server.app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    doc = res.json() as OpenApiDocument
  })
  afterAll(() => server?.close())

  it('validates as OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0')
    const result = await new Validator().validate(doc)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('describes every /api route of the app with a summary (none undocumented)', () => {
    expect(undocumentedRoutes(apiRoutes)).toEqual([])
    const ops = apiOperations(apiRoutes)
    expect(ops.length).toBeGreaterThan(100)
    for (const op of ops) {
      const operation = doc.paths[op.path]?.[op.method.toLowerCase()]
      expect(operation, `${op.method} ${op.url}`).toBeDefined()
      expect(String(operation?.summary).trim(), `${op.method} ${op.url}`).not.toBe('')
    }
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((o) => o.operationId))
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('documents the request body of every route whose handler parses request.body, with that very schema', () => {
    const names = contractSchemaNames()
    let checked = 0
    for (const r of apiRoutes) {
      const source = String(r.handler)
      // `body(XSchema, request.body)`, as written or as the test transform emits it: `body((0,__import__.XSchema), request.body)`
      const parsed = /\(\s*(?:\(0,\s*)?(?:[\w$]+\.)?(\w+Schema)\)?\s*,\s*request\.body\b/.exec(source)
      if (!parsed) continue
      const body = r.config?.doc?.body
      expect(body, `${String(r.method)} ${r.url} parses ${parsed[1]} but its doc has no body`).toBeDefined()
      const name = body && 'kind' in body ? names.get(body) : undefined
      if (name) expect(`${name}Schema`, `${String(r.method)} ${r.url}`).toBe(parsed[1])
      checked++
    }
    expect(checked).toBeGreaterThan(30)
  })

  it('documents the query of every route whose handler parses request.query, with that very schema', () => {
    const names = contractSchemaNames()
    let checked = 0
    for (const r of apiRoutes) {
      const parsed = /\(\s*(?:\(0,\s*)?(?:[\w$]+\.)?(\w+Schema)\)?\s*,\s*request\.query\b/.exec(String(r.handler))
      if (!parsed) continue
      const query = r.config?.doc?.query
      expect(query, `${String(r.method)} ${r.url} parses ${parsed[1]} but its doc has no query`).toBeDefined()
      const name = query ? names.get(query) : undefined
      if (name) expect(`${name}Schema`, `${String(r.method)} ${r.url}`).toBe(parsed[1])
      checked++
    }
    expect(checked).toBeGreaterThan(5)
  })

  it('documents security, idempotency and the shared error answer', () => {
    const post = doc.paths['/api/servizio']?.post as Record<string, unknown>
    expect(post.security).toEqual([{ idToken: [], ruolo: [] }])
    expect(post.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' })
    expect(post.requestBody).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/ServizioBody' } } } })
    expect(post.responses).toMatchObject({ 201: { content: { 'application/json': { schema: { $ref: '#/components/schemas/IdServizio' } } } } })
    expect((doc.paths['/api/health/ready']?.get as Record<string, unknown>).security).toEqual([])
    expect((doc.paths['/api/contesto']?.post as Record<string, unknown>).security).toEqual([{ idToken: [] }])
    // non-JSON answers by their media type
    expect((doc.paths['/api/notifications/stream']?.get as { responses: Record<string, { content?: object }> }).responses['200']?.content).toHaveProperty(['text/event-stream'])
    expect((doc.paths['/api/servizio/download']?.post as { responses: Record<string, { content?: object }> }).responses['200']?.content).toHaveProperty(['text/csv'])
    const errore = (doc.components as { schemas: Record<string, { properties: { errorCode: { enum: string[] } } }> }).schemas.Errore
    expect(errore?.properties.errorCode.enum).toEqual(expect.arrayContaining(['A07', 'G02']))
  })

  it('is built once and revalidated with its ETag', async () => {
    const first = await server.app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(first.headers['cache-control']).toBe('no-cache')
    const etag = String(first.headers.etag)
    const again = await server.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
  })

  it('renders every operation on the reference page', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/docs' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.headers['content-security-policy']).toContain("script-src 'self'")
    const html = res.body
    expect(html).toContain('<html lang="it">')
    expect(html).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)/)
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(html, `${method} ${path}`).toContain(`id="${String(op.operationId)}"`)
      }
    }
    expect(html).toContain('Campi del corpo')
    expect(html).toContain('href="#schema-ServizioBody"')
    expect(html).toContain('<code>nomeServizio</code>')
  })
})
