// @vitest-environment node
/**
 * The coverage check of the API description (issue 14 point 5), on a fake route table: a route without
 * its `config.doc` (or with an empty summary, or no tag) is named; documented and non-`/api` routes are not.
 */
import Fastify, { type RouteOptions } from 'fastify'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { collectRoutes } from '../../../server/openapi/collect'
import { apiOperations, buildOpenApiDocument, openApiPath, undocumentedRoutes } from '../../../server/openapi/document'
import { ServizioBodySchema } from '../../../src/api/contract/servizio'

const handler = async () => ({})
const route = (method: string | string[], url: string, config: RouteOptions['config'] = {}): RouteOptions => ({ method, url, handler, config } as RouteOptions)
const DOC = { summary: 'Crea un servizio', tags: ['Servizi'] }

describe('undocumentedRoutes', () => {
  it('names an /api route without doc, with an empty summary or without tags, and nothing else', () => {
    const routes = [
      route('POST', '/api/servizio', { access: { kind: 'role' }, doc: DOC }),
      route(['GET', 'HEAD'], '/api/senza-doc', { access: { kind: 'public' } }),
      route('POST', '/api/vuota', { access: { kind: 'public' }, doc: { summary: '  ', tags: ['X'] } }),
      route('POST', '/api/senza-tag', { access: { kind: 'public' }, doc: { summary: 'Qualcosa', tags: [] } }),
      route('GET', '/app-config.json'),
    ]
    expect(undocumentedRoutes(routes)).toEqual(['GET /api/senza-doc', 'POST /api/senza-tag', 'POST /api/vuota'])
    expect(undocumentedRoutes([routes[0] as RouteOptions])).toEqual([])
  })

  it('turns Fastify parameters into OpenAPI path templates', () => {
    expect(openApiPath('/api/item/:id/:event')).toBe('/api/item/{id}/{event}')
    expect(openApiPath('/api/notification/:ids/read')).toBe('/api/notification/{ids}/read')
    expect(apiOperations([route('GET', '/api/x/:id')])[0]?.pathParams).toEqual(['id'])
  })
})

describe('buildOpenApiDocument', () => {
  const Query = v.object({ t: v.pipe(v.string(), v.description('Token del link')) })
  const doc = buildOpenApiDocument([
    route('POST', '/api/servizio/:id', { access: { kind: 'permission', codes: ['upd.card.serv'] }, idempotency: 'user', doc: { ...DOC, body: ServizioBodySchema } }),
    route('GET', '/api/pubblico', { access: { kind: 'public' }, rateLimit: { max: 1, timeWindow: 1000 }, doc: { summary: 'Pubblico', tags: ['P'], query: Query, response: { mediaType: 'text/csv', description: 'CSV' } } }),
  ], { title: 't', version: '1', description: 'd' })
  const post = doc.paths['/api/servizio/{id}']?.post as Record<string, unknown>
  const get = doc.paths['/api/pubblico']?.get as Record<string, unknown>

  it('refers to the named contract schema the route parses', () => {
    expect(post.requestBody).toMatchObject({ required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/ServizioBody' } } } })
    expect((doc.components as { schemas: Record<string, unknown> }).schemas.ServizioBody).toMatchObject({ type: 'object', required: expect.arrayContaining(['nomeServizio']) })
  })

  it('derives security, path parameters, the idempotency header and the error answers', () => {
    expect(post.security).toEqual([{ idToken: [], ruolo: [] }])
    expect(post.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true }), { $ref: '#/components/parameters/IdempotencyKey' }])
    expect(Object.keys(post.responses as object)).toEqual(['200', '400', '401', '403', '404', '409', '422', '500', '503'])
    expect(get.security).toEqual([])
    expect(get.parameters).toEqual([expect.objectContaining({ name: 't', in: 'query', required: true, description: 'Token del link' })])
    expect(get.responses).toMatchObject({ 200: { content: { 'text/csv': {} } }, 429: { $ref: '#/components/responses/Errore429' } })
  })
})

describe('collectRoutes', () => {
  it('collects the routes of a Fastify app, so a route registered without doc is named', async () => {
    const app = Fastify()
    const routes = collectRoutes(app)
    await app.register(async (scope) => {
      scope.get('/documentata', { config: { access: { kind: 'public' }, doc: { summary: 'Documentata', tags: ['Prova'] } } }, async () => ({}))
      scope.post('/nuova/:id', { config: { access: { kind: 'public' } } }, async () => ({}))
    }, { prefix: '/api' })
    await app.ready()
    expect(undocumentedRoutes(routes)).toEqual(['POST /api/nuova/:id'])
    await app.close()
  })
})
