// @vitest-environment node
/**
 * The detail answers of the lifecycle routes match their wire schemas (src/api/contract/gestione.ts), for a
 * programme, a project, a body, a site and a user of the seed, as the DTD sees them.
 */
import * as v from 'valibot'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  SchedaEnteSchema, SchedaProgettoSchema, SchedaProgrammaSchema, SchedaSedeSchema, SchedaUtenteSchema,
} from '../../../src/api/contract/gestione'
import { sede } from '../../../server/db/schema'
import { createTestServer, type TestServer } from '../helpers'
import { actor, call, CF, type Actor } from '../field/fixtures'
import { bodyId, programmeId, projectId } from '../domain/helpers'

describe('lifecycle detail answers on the wire', () => {
  let server: TestServer
  let dtd: Actor
  beforeAll(async () => {
    server = await createTestServer()
    dtd = await actor(server, CF.DTD, 'DTD')
  })
  afterAll(() => server?.close())

  it('match SchedaProgramma, SchedaProgetto, SchedaEnte, SchedaSede and SchedaUtente', async () => {
    const db = server.database.db
    const [site] = await db.select({ id: sede.id }).from(sede).where(eq(sede.nome, 'Punto Digitale Roma Esquilino'))
    const sara = await actor(server, CF.SARA, 'FAC')
    const cases: [string, v.GenericSchema][] = [
      [`/api/programma/${await programmeId(db, 'RFD-2024-LAZ')}`, SchedaProgrammaSchema],
      [`/api/progetto/${await projectId(db, 'Lazio Digitale Roma')}`, SchedaProgettoSchema],
      [`/api/ente/${await bodyId(db, 'Roma Capitale')}`, SchedaEnteSchema],
      [`/api/sede/${site!.id}`, SchedaSedeSchema],
      [`/api/utente/${sara.userId}`, SchedaUtenteSchema],
    ]
    for (const [url, schema] of cases) {
      const res = await call(server, dtd, 'POST', url)
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
      const parsed = v.safeParse(schema, res.json())
      expect(parsed.success, `${url}: ${JSON.stringify(parsed.issues?.[0]?.path?.map((p) => p.key))} ${parsed.issues?.[0]?.message}`).toBe(true)
    }
  })
})
