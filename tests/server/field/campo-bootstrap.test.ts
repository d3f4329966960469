// @vitest-environment node
/**
 * The field sync's project dates (issue #3 point 5, issue 25 point 2; src/api/contract/campo.ts): the reference data
 * carry the profile project's `dataInizio`/`dataFine` (the A06 bounds of a service date) and match the contract.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { progetto } from '../../../server/db/schema'
import { createTestServer, type TestServer } from '../helpers'
import { actor, call, CF, servizioBody, firstSite, type Actor } from './fixtures'
import { syncCompleta } from './sync-helper'

describe('field bootstrap: project dates', () => {
  let server: TestServer
  let sara: Actor, luca: Actor

  beforeAll(async () => {
    server = await createTestServer()
    sara = await actor(server, CF.SARA, 'FAC')
    luca = await actor(server, CF.LUCA, 'VOL')
  })
  afterAll(() => server?.close())

  // a whole field sync (pages checked against the contract by the helper), in the older bootstrap shape
  const bootstrapOf = async (who: Actor) => (await syncCompleta(server, who)).bootstrap

  it.each([['FAC', () => sara], ['VOL', () => luca]])('%s: the dates of the profile project, and the answer matches the contract', async (_role, who) => {
    const b = await bootstrapOf(who())
    const [prj] = await server.database.db.select({ inizio: progetto.dataInizioProgetto, fine: progetto.dataFineProgetto })
      .from(progetto).where(eq(progetto.id, who().ids.idProgetto!))
    expect(prj).toBeDefined()
    expect(b.progetto).toEqual({ dataInizio: prj!.inizio, dataFine: prj!.fine })
    expect(b.progetto.dataInizio! < b.progetto.dataFine!).toBe(true)
  })

  it('a service dated outside those dates is refused with A06, one inside is created', async () => {
    const b = await bootstrapOf(sara)
    const idSede = await firstSite(server, sara)
    const before = new Date(`${b.progetto.dataInizio!}T00:00:00Z`)
    before.setUTCDate(before.getUTCDate() - 1)
    const outside = await call(server, sara, 'POST', '/api/servizio', { body: servizioBody(sara, idSede, { nomeServizio: 'Fuori progetto', data: before.toISOString().slice(0, 10) }) })
    expect(outside.statusCode).toBe(400)
    expect(outside.json()).toMatchObject({ errorCode: 'A06' })
    const inside = await call(server, sara, 'POST', '/api/servizio', { body: servizioBody(sara, idSede, { nomeServizio: 'Primo giorno', data: b.progetto.dataInizio! }) })
    expect(inside.statusCode, inside.body).toBe(201)
  })
})
