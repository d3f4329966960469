// @vitest-environment node
/**
 * Issue 27 in the API description: every versioned update and delete documents `versione` in its body (the
 * `VersioneRecord` schema), the 409 V01 and 428 V02 answers and the convention; creations and associations do not;
 * the error answer documents `corrente`; the catalogue has V01 (409) and V02 (428).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OpenApiDocument } from '../../../server/openapi/document'
import { catalogueCodes } from '../../../server/errors'
import { createTestServer, type TestServer } from '../helpers'

type Operation = { requestBody?: { content: Record<string, { schema: Record<string, unknown> }> }; responses: Record<string, unknown>; description: string }

/** The versioned operations of issue 27 (method, OpenAPI path). */
const VERSIONATE: [string, string][] = [
  ['put', '/api/servizio/{id}'], ['delete', '/api/servizio/{id}'], ['put', '/api/cittadino/{id}'],
  ['put', '/api/programma/{id}'], ['put', '/api/programma/termina/{id}'], ['delete', '/api/programma/{id}'],
  ['put', '/api/progetto/{id}'], ['put', '/api/progetto/attiva/{id}'], ['put', '/api/progetto/termina/{id}'], ['delete', '/api/progetto/{id}'],
  ['put', '/api/ente/{id}'], ['put', '/api/sede/{id}'], ['post', '/api/utente/profilo'],
  ['put', '/api/questionarioTemplate/{id}'], ['delete', '/api/questionarioTemplate/{id}'],
  ['put', '/api/ruolo/{codice}'], ['delete', '/api/ruolo/{codice}'],
  ['post', '/api/configurazioneminorenni/salva'], ['post', '/api/configurazioneminorenni/elimina'],
  ['post', '/api/board/item/{id}/update'], ['post', '/api/community/item/{id}/update'], ['post', '/api/document/item/{id}/update'],
  ['post', '/api/item/{id}/delete'], ['post', '/api/comment/{id}/update'], ['post', '/api/comment/{id}/delete'],
]

describe('record versions in the API description (issue 27)', () => {
  let server: TestServer
  let doc: OpenApiDocument

  beforeAll(async () => {
    server = await createTestServer()
    doc = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDocument
  })
  afterAll(() => server?.close())

  const op = (method: string, path: string) => doc.paths[path]?.[method] as Operation | undefined

  it('documents versione, 409 and 428 on every versioned update and delete', () => {
    for (const [method, path] of VERSIONATE) {
      const o = op(method, path)
      expect(o, `${method} ${path}`).toBeDefined()
      expect(JSON.stringify(o!.requestBody), `${method} ${path}`).toContain('#/components/schemas/VersioneRecord')
      expect(Object.keys(o!.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['409', '428']))
      expect(o!.description, `${method} ${path}`).toContain('409 V01')
    }
    const schemas = (doc.components as { schemas: Record<string, { required?: string[] }> }).schemas
    expect(schemas.VersioneRecord?.required).toEqual(['versione'])
  })

  it('leaves creations and associations without a version', () => {
    for (const [method, path] of [['post', '/api/servizio'], ['post', '/api/programma'], ['put', '/api/programma/{id}/assegna/entegestore/{idEnte}'], ['post', '/api/sede/associa/facilitatore']] as const) {
      const o = op(method, path)
      expect(o, `${method} ${path}`).toBeDefined()
      expect(JSON.stringify(o!.requestBody ?? {}), `${method} ${path}`).not.toContain('VersioneRecord')
      expect(Object.keys(o!.responses), `${method} ${path}`).not.toContain('428')
    }
  })

  it('states the convention and documents corrente and the catalogue codes', () => {
    expect((doc.info as { description: string }).description).toContain('«versione»')
    const errore = (doc.components as { schemas: Record<string, { properties: Record<string, { enum?: string[] }> }> }).schemas.Errore!
    expect(errore.properties).toHaveProperty('corrente')
    expect(errore.properties.errorCode!.enum).toEqual(expect.arrayContaining(['V01', 'V02']))
    expect(catalogueCodes()).toEqual(expect.arrayContaining([{ code: 'V01', status: 409 }, { code: 'V02', status: 428 }]))
  })
})
