// @vitest-environment node
/**
 * The monitoring table of the mass uploads (platform-frontend §7.2; server/domain/caricamenti/monitoraggio.ts):
 * jobs grouped by day (Rome), project and body with their counts and failed jobs; the four counters; the
 * filters (days, projects, bodies, intervention); the scope by role; the jobs of one row (`filtroGruppo`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registroAttivita } from '../../../server/db/schema'
import type { MonitoraggioRiga, RiepilogoMonitoraggio } from '../../../src/api/contract/caricamenti'
import { createTestServer, type TestServer } from '../helpers'
import { actor, call, CF, type Actor } from '../field/fixtures'

type Pagina = { caricamentiAggregati: MonitoraggioRiga[]; numeroTotaleElementi: number }

describe('mass-upload monitoring table', () => {
  let server: TestServer
  let regp: Actor
  let dtd: Actor
  let altroProgetto: number

  beforeAll(async () => {
    server = await createTestServer()
    regp = await actor(server, CF.REGP_ROMA, 'REGP')
    dtd = await actor(server, CF.DTD, 'DTD')
    altroProgetto = (await actor(server, CF.DEGP_PUGLIA, 'DEGP')).ids.idProgetto as number
    const job = (n: number, at: string, over: Partial<typeof registroAttivita.$inferInsert> = {}) => ({
      idProgetto: regp.ids.idProgetto, idEnte: regp.ids.idEnte, jobUuid: `${n}`.padStart(32, 'a'), jobStatus: 'SUCCESS',
      dataInizioInserimento: new Date(at), totaleRigheFile: 10, serviziAcquisiti: 4, cittadiniAggiunti: 9, ...over,
    })
    await server.database.db.insert(registroAttivita).values([
      // 2 jobs on 3 March (Rome: 23:30 UTC of the 2nd is already the 3rd), one failed
      job(1, '2024-03-02T23:30:00Z'),
      job(2, '2024-03-03T10:00:00Z', { jobStatus: 'GENERIC_FAIL', serviziAcquisiti: 0, cittadiniAggiunti: 0 }),
      job(3, '2024-03-05T10:00:00Z', { serviziAcquisiti: 1, cittadiniAggiunti: 2 }),
      job(4, '2024-03-03T11:00:00Z', { idProgetto: altroProgetto, idEnte: null, serviziAcquisiti: 7, cittadiniAggiunti: 7 }),
    ])
  })
  afterAll(() => server?.close())

  const list = (who: Actor, filtroRequest: object = {}, ordinamento?: object) =>
    call(server, who, 'POST', '/api/caricamentiAggregati/all?currPage=0&pageSize=10', { body: { filtroRequest, ordinamento } })
  const march = { dataInizio: '2024-03-01', dataFine: '2024-03-31' }

  it('groups the jobs by day, project and body, newest day first, with the failed ones counted', async () => {
    const res = await list(dtd, march)
    expect(res.statusCode, res.body).toBe(200)
    const page = res.json() as Pagina
    expect(page.numeroTotaleElementi).toBe(3)
    expect(page.caricamentiAggregati.map((r) => [r.dataCaricamenti, r.idProgetto, r.numCaricamenti, r.falliti, r.serviziAggiunti, r.cittadiniAssociati]))
      .toEqual([
        ['2024-03-05', regp.ids.idProgetto, 1, 0, 1, 2],
        ...[['2024-03-03', regp.ids.idProgetto, 2, 1, 4, 9], ['2024-03-03', altroProgetto, 1, 0, 7, 7]]
          .sort((a, b) => (Number(b[1]) > Number(a[1]) ? 1 : -1)),
      ])
    const roma = page.caricamentiAggregati.find((r) => r.dataCaricamenti === '2024-03-05')!
    expect(roma).toMatchObject({ idEnte: regp.ids.idEnte, intervento: expect.stringMatching(/^(RFD|SCD)$/), nomeProgetto: expect.any(String) })
  })

  it('sums the four counters over the filtered rows', async () => {
    const res = await call(server, dtd, 'POST', '/api/monitoraggiocaricamenti/riepilogo', { body: { filtroRequest: march } })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json() as RiepilogoMonitoraggio).toEqual({ numeroEnti: 1, numeroCaricamenti: 4, serviziCaricati: 12, cittadiniCaricati: 18 })
    const narrow = await call(server, dtd, 'POST', '/api/monitoraggiocaricamenti/riepilogo', {
      body: { filtroRequest: { ...march, filtroProgetti: [String(regp.ids.idProgetto)], dataFine: '2024-03-04' } },
    })
    expect(narrow.json()).toEqual({ numeroEnti: 1, numeroCaricamenti: 2, serviziCaricati: 4, cittadiniCaricati: 9 })
  })

  it('filters by body and day, and sorts by a counter', async () => {
    const byBody = (await list(dtd, { ...march, filtroEnti: [String(regp.ids.idEnte)] })).json() as Pagina
    expect(byBody.caricamentiAggregati.every((r) => r.idEnte === regp.ids.idEnte)).toBe(true)
    expect(byBody.numeroTotaleElementi).toBe(2)
    const sorted = (await list(dtd, march, { campo: 'serviziAggiunti', verso: 'desc' })).json() as Pagina
    expect(sorted.caricamentiAggregati.map((r) => r.serviziAggiunti)).toEqual([7, 4, 1])
    const dropdown = await call(server, dtd, 'POST', '/api/caricamentiAggregati/enti/dropdown')
    expect(dropdown.json()).toEqual(expect.arrayContaining([expect.objectContaining({ id: regp.ids.idEnte })]))
  })

  it('shows a REGP its project only, a REPP of another body nothing', async () => {
    const mine = (await list(regp, march)).json() as Pagina
    expect(mine.caricamentiAggregati.map((r) => r.idProgetto)).toEqual([regp.ids.idProgetto, regp.ids.idProgetto])
    const repp = await actor(server, CF.REPP_ROMA, 'REPP')
    expect(((await list(repp, march)).json() as Pagina).numeroTotaleElementi).toBe(0)
    const fac = await actor(server, CF.SARA, 'FAC')
    expect((await list(fac, march)).statusCode).toBe(403)
  })

  it('lists the jobs of one row with their states', async () => {
    const res = await call(server, dtd, 'POST', '/api/monitoraggiocaricamenti/all?currPage=0&pageSize=10', {
      body: { filtroRequest: { filtroGruppo: { data: '2024-03-03', idProgetto: regp.ids.idProgetto, idEnte: regp.ids.idEnte } } },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect((res.json() as { caricamenti: { stato: string }[] }).caricamenti.map((c) => c.stato).sort()).toEqual(['GENERIC_FAIL', 'SUCCESS'])
  })
})
