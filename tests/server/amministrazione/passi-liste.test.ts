// @vitest-environment node
/**
 * Issue 9 points 2–3, detail steps 2 and 3: the services list narrowed to one programme / project
 * (`filtroRequest.idProgramma` / `idProgetto` on `POST /servizio/all`: the caller's scope still applies, the
 * filter only narrows it) and the unique users of one programme / project (`POST /programma/:id/cittadini/all`,
 * `POST /progetto/:id/cittadini/all`: the card's access and per-id check, masked identity and counts only).
 * Sara (FAC, project Lazio Digitale Roma) registers a service with one citizen; Elena (REPP, same project),
 * Paolo (DEG of the Lazio programme) and the DTD see them; Matteo (FAC of another project), Stefano (DEPP of
 * another project) and Laura (REG of Lombardy) do not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, type TestServer } from '../helpers'
import { call, createService, fiscalCodeAged, named, type Actor } from '../field/fixtures'
import { attori, CAST_AMBITO, idsDellaLista, registraCittadino } from '../scenari'

describe('detail steps 2 and 3: services and unique users of a programme / project', () => {
  let server: TestServer
  let sara: Actor, matteo: Actor, elena: Actor, stefano: Actor, paolo: Actor, laura: Actor, dtd: Actor
  const cf = fiscalCodeAged(41, 'F', 12, 'Anna')
  let idServizio: number, idCittadino: number

  const servizi = (who: Actor, filtroRequest: Record<string, unknown>) =>
    idsDellaLista(server, who, '/api/servizio/all?currPage=0&pageSize=100', { filtroRequest }, 'servizi')
  const cittadini = (who: Actor, entity: 'programma' | 'progetto', id: number) =>
    call(server, who, 'POST', `/api/${entity}/${id}/cittadini/all`, { query: 'currPage=0&pageSize=8', body: {} })
  const idsCittadini = (who: Actor, entity: 'programma' | 'progetto', id: number) =>
    idsDellaLista(server, who, `/api/${entity}/${id}/cittadini/all?currPage=0&pageSize=8`, {}, 'cittadini')

  beforeAll(async () => {
    server = await createTestServer()
    ;({ sara, matteo, elena, stefano, paolo, laura, dtd } = await attori(server, CAST_AMBITO))
    idServizio = await createService(server, sara, { nomeServizio: named('Passi'), data: '2025-05-03' })
    idCittadino = await registraCittadino(server, sara, idServizio, { codiceFiscale: cf })
  })
  afterAll(() => server?.close())

  it('narrows the services list to the programme or project, and accepts the body without the filter as before', async () => {
    const progetto = sara.ids.idProgetto!
    const programma = paolo.ids.idProgramma!
    expect(await servizi(dtd, {})).toContain(idServizio)
    expect(await servizi(dtd, { idProgetto: progetto })).toContain(idServizio)
    expect(await servizi(dtd, { idProgramma: programma })).toContain(idServizio)
    expect(await servizi(dtd, { idProgetto: stefano.ids.idProgetto })).not.toContain(idServizio)
    expect(await servizi(dtd, { idProgramma: laura.ids.idProgramma })).not.toContain(idServizio)
    // every row of a narrowed page belongs to the project
    const other = await servizi(dtd, { idProgetto: stefano.ids.idProgetto })
    expect(other.every((id) => id !== idServizio)).toBe(true)
  })

  it('keeps the caller\'s scope under the filter: another project or programme gets an empty list', async () => {
    expect(await servizi(elena, { idProgetto: sara.ids.idProgetto })).toContain(idServizio)
    expect(await servizi(paolo, { idProgramma: paolo.ids.idProgramma })).toContain(idServizio)
    // the filter never widens: outside the scope nothing comes back
    expect(await servizi(matteo, { idProgetto: sara.ids.idProgetto })).toEqual([])
    expect(await servizi(stefano, { idProgetto: sara.ids.idProgetto })).toEqual([])
    expect(await servizi(laura, { idProgramma: paolo.ids.idProgramma })).toEqual([])
    expect(await servizi(elena, { idProgetto: stefano.ids.idProgetto })).toEqual([])
  })

  it('refuses a malformed id filter with 400 G02', async () => {
    const res = await call(server, dtd, 'POST', '/api/servizio/all', { query: 'currPage=0&pageSize=8', body: { filtroRequest: { idProgetto: 'uno' } } })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ errorCode: 'G02' })
  })

  it('lists the unique users of the project and of the programme with the mask and the counts, never the fiscal code', async () => {
    const res = await cittadini(elena, 'progetto', sara.ids.idProgetto!)
    expect(res.statusCode, res.body).toBe(200)
    const page = res.json() as { cittadini: { id: number; identificativoMascherato: string | null; numeroServizi: number }[]; numeroPagine: number }
    const row = page.cittadini.find((c) => c.id === idCittadino)
    expect(row).toMatchObject({ numeroServizi: 1, numeroQuestionariCompilati: 0 })
    expect(row?.identificativoMascherato).toBeTruthy()
    expect(res.body).not.toContain(cf)
    expect(page.cittadini.length).toBeLessThanOrEqual(8)
    expect(await idsCittadini(paolo, 'programma', paolo.ids.idProgramma!)).toContain(idCittadino)
    expect(await idsCittadini(dtd, 'programma', paolo.ids.idProgramma!)).toContain(idCittadino)
    expect(await idsCittadini(dtd, 'progetto', sara.ids.idProgetto!)).toContain(idCittadino)
    // another programme / project of the DTD: not its citizen
    expect(await idsCittadini(dtd, 'programma', laura.ids.idProgramma!)).not.toContain(idCittadino)
    expect(await idsCittadini(dtd, 'progetto', stefano.ids.idProgetto!)).not.toContain(idCittadino)
  })

  it('answers 403 A02 for a programme or project outside the caller\'s profile, and 404 for an unknown one', async () => {
    for (const [who, entity, id] of [
      [elena, 'progetto', stefano.ids.idProgetto!], [stefano, 'progetto', sara.ids.idProgetto!],
      [laura, 'programma', paolo.ids.idProgramma!], [paolo, 'progetto', stefano.ids.idProgetto!],
    ] as const) {
      const res = await cittadini(who, entity, id)
      expect(res.statusCode, `${who.role} ${entity} ${id}: ${res.body}`).toBe(403)
      expect(res.json()).toMatchObject({ errorCode: 'A02' })
    }
    const missing = await cittadini(dtd, 'programma', 2_000_000_000)
    expect(missing.statusCode).toBe(404)
  })

  it('serves the narrowed list to a card reader (REPP), as the registry of its project', async () => {
    const principal = await call(server, elena, 'POST', '/api/cittadino/all', { query: 'currPage=0&pageSize=8', body: {} })
    // issue 24 point 22: the REPP holds the registry too (the citizens of the project's services)
    expect(principal.statusCode, principal.body).toBe(200)
    expect(await idsCittadini(elena, 'progetto', sara.ids.idProgetto!)).toContain(idCittadino)
  })
})
