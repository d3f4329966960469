// @vitest-environment node
/**
 * Issue 10 points 2–4: the new routes are registered with the access they declare (the access-control
 * matrix test, tests/server/access/routes.test.ts, then checks every one of them for every persona).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, type TestServer } from '../helpers'

const EXPECTED: Record<string, string[] | 'role'> = {
  'POST /api/cittadino/all': ['list.citt'],
  'POST /api/cittadino/sedi/dropdown': ['list.citt'],
  'POST /api/cittadino/fasceDiEta/dropdown': ['list.citt'],
  'POST /api/cittadino/download': ['list.dwnl.citt'],
  'POST /api/cittadino/:id': ['list.citt'],
  'PUT /api/cittadino/:id': ['list.citt'],
  'POST /api/ruolo/all': ['list.ruoli'],
  'POST /api/ruolo/download': ['list.ruoli'],
  'GET /api/gruppo/all': ['list.ruoli'],
  'GET /api/ruolo/:codice': ['view.ruoli'],
  'POST /api/ruolo': ['new.ruoli'],
  'PUT /api/ruolo/:codice': ['add.upd.permessi'],
  'DELETE /api/ruolo/:codice': ['del.ruoli'],
  'POST /api/configurazioneminorenni/all': ['view.conf.min'],
  'POST /api/configurazioneminorenni/download': ['view.conf.min'],
  'POST /api/configurazioneminorenni/programmi': ['gest.conf.min'],
  'POST /api/configurazioneminorenni/salva': ['gest.conf.min'],
  'POST /api/configurazioneminorenni/elimina': ['gest.conf.min'],
  'GET /api/configurazioneminorenni/dettaglio': 'role',
}

describe('issue 10 routes in the access matrix', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer()
  })
  afterAll(() => server?.close())

  it('registers every route of the registry, roles and minors with its declared access', () => {
    const access = new Map(server.routes.flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((m) => [`${m} ${r.url}`, r.config?.access])))
    for (const [route, codes] of Object.entries(EXPECTED)) {
      const a = access.get(route)
      expect(a, route).toBeDefined()
      if (codes === 'role') expect(a).toEqual({ kind: 'role' })
      else expect(a, route).toMatchObject({ kind: 'permission', codes })
    }
  })
})
