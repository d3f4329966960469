// @vitest-environment node
/**
 * `POST /api/programma/{id}/sedi` (detail steps 1 and 4 of a programme): the body-sites of every project of
 * the programme with their facilitators, checked against the caller's programme (platform-backend §4.4).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { SediProgrammaSchema } from '../../../src/api/contract/programma-sedi'
import { createTestServer, type TestServer } from '../helpers'
import { actor, call, CF, type Actor } from '../field/fixtures'
import { programmeId } from '../domain/helpers'

describe('sites of a programme', () => {
  let server: TestServer
  let dtd: Actor, regLom: Actor, fac: Actor
  let laz: number, lom: number

  beforeAll(async () => {
    server = await createTestServer()
    dtd = await actor(server, CF.DTD, 'DTD')
    regLom = await actor(server, CF.REG_LOM, 'REG')
    fac = await actor(server, CF.SARA, 'FAC')
    laz = await programmeId(server.database.db, 'RFD-2024-LAZ')
    lom = await programmeId(server.database.db, 'RFD-2024-LOM')
  })
  afterAll(() => server?.close())

  it('lists every body-site of the programme with its project and facilitators, consistent with the counts', async () => {
    const res = await call(server, dtd, 'POST', `/api/programma/${laz}/sedi`)
    expect(res.statusCode, res.body).toBe(200)
    const out = v.parse(SediProgrammaSchema, res.json())
    expect(out.sedi.length).toBeGreaterThan(0)
    const persone = out.sedi.flatMap((s) => s.facilitatori.map((f) => `${f.cognome} ${f.nome}`))
    expect(persone).toContain('Romano Sara')
    const scheda = (await call(server, dtd, 'POST', `/api/programma/${laz}`)).json() as { conteggi: { puntiFacilitazione: number }; progetti: { id: number; nome: string }[] }
    // every row belongs to a project of this programme, named as the card names it
    for (const s of out.sedi) expect(scheda.progetti).toContainEqual(expect.objectContaining({ id: s.idProgetto, nome: s.nomeProgetto }))
    expect(new Set(out.sedi.filter((s) => s.stato !== 'TERMINATO').map((s) => s.idSede)).size).toBe(scheda.conteggi.puntiFacilitazione)
  })

  it('a REG reads its own programme only (A02 elsewhere); 404 C01 for an unknown one; a facilitator is refused', async () => {
    expect((await call(server, regLom, 'POST', `/api/programma/${lom}/sedi`)).statusCode).toBe(200)
    const other = await call(server, regLom, 'POST', `/api/programma/${laz}/sedi`)
    expect([other.statusCode, (other.json() as { errorCode: string }).errorCode]).toEqual([403, 'A02'])
    const missing = await call(server, dtd, 'POST', '/api/programma/999999/sedi')
    expect([missing.statusCode, (missing.json() as { errorCode: string }).errorCode]).toEqual([404, 'C01'])
    expect((await call(server, fac, 'POST', `/api/programma/${laz}/sedi`)).statusCode).toBe(403)
  })
})
