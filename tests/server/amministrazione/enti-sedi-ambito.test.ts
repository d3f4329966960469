// @vitest-environment node
/**
 * Issue 9 points 4–5 on the server: the comuni lookup of the site form (GET /sede/provincia/:sigla/comuni,
 * ISTAT list) and the scoping of bodies, sites and users (platform-backend §4.4): a partner body, its
 * site and its facilitator created by the DTD in a new project are never seen by the REPP of another
 * project — not in the lists, not in a dropdown or CSV, not by id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, type TestServer } from '../helpers'
import { actor, call, CF, fiscalCodeAged, named, RUN, type Actor } from '../field/fixtures'

const err = (res: { statusCode: number; json: () => unknown }) => `${res.statusCode} ${(res.json() as { errorCode?: string }).errorCode}`

describe('bodies, sites and users: comuni lookup and scoping', () => {
  let server: TestServer
  let dtd: Actor, reppRoma: Actor
  let idProgetto: number, idEnte: number, idSede: number, idUtente: number
  const nomeEnte = named('Ente partner ambito')
  const nomeSede = named('Sede ambito')
  const cf = fiscalCodeAged(33, 'F', 11, 'Carla')

  beforeAll(async () => {
    server = await createTestServer()
    dtd = await actor(server, CF.DTD, 'DTD')
    reppRoma = await actor(server, CF.REPP_ROMA, 'REPP')
    const ok = (res: { statusCode: number; body: string }) => {
      expect([200, 201], res.body).toContain(res.statusCode)
      return JSON.parse(res.body) as Record<string, number>
    }
    const prg = ok(await call(server, dtd, 'POST', '/api/programma', { body: {
      codice: `AMB-${RUN}`, nome: named('Programma ambito'), nomeBreve: 'Ambito', policy: 'RFD', dataInizio: '2025-01-01', dataFine: '2027-12-31',
    } }))
    idProgetto = ok(await call(server, dtd, 'POST', `/api/progetto?idProgramma=${prg.idProgrammaCreato}`, { body: {
      nome: named('Progetto ambito'), nomeBreve: named('Ambito'), dataInizio: '2025-02-01', dataFine: '2026-12-31',
    } })).idProgettoCreato!
    idEnte = ok(await call(server, dtd, 'POST', '/api/ente', { body: { nome: nomeEnte, nomeBreve: 'Partner', partitaIva: String(Date.now()).slice(-11).padStart(11, '7') } })).id!
    ok(await call(server, dtd, 'PUT', `/api/ente/partner/associa/${idEnte}/progetto/${idProgetto}`))
    idSede = ok(await call(server, dtd, 'POST', '/api/sede', { body: { nome: nomeSede, indirizzi: [{
      via: 'Via Roma', civico: '1', comune: 'Frascati', provincia: 'RM', cap: '00044', fasceOrarie: { mar: { apertura1: '09:00', chiusura1: '12:00' } },
    }] } })).id!
    ok(await call(server, dtd, 'POST', `/api/sede/associa/ente/${idEnte}/sede/${idSede}/progetto/${idProgetto}/ruoloEnte/partner`))
    idUtente = ok(await call(server, dtd, 'POST', '/api/utente', { body: { codiceFiscale: cf, nome: 'Carla', cognome: 'Ambito', email: `carla.${RUN.toLowerCase()}@example.it` } })).id!
    ok(await call(server, dtd, 'POST', '/api/sede/associa/facilitatore', { body: {
      codiceFiscaleFacVol: cf, idProgettoFacVol: idProgetto, idSedeFacVol: idSede, idEnteFacVol: idEnte, tipoContratto: 'Collaboratore',
    } }))
  })
  afterAll(() => server?.close())

  it('answers the comuni of a province, sorted, to who may create or edit a site; 404 C01 for an unknown one', async () => {
    const res = await call(server, dtd, 'GET', '/api/sede/provincia/rm/comuni')
    expect(res.statusCode, res.body).toBe(200)
    const { comuni } = res.json() as { comuni: string[] }
    expect(comuni).toContain('Roma')
    expect(comuni).toContain('Frascati')
    expect(comuni).not.toContain('Milano')
    expect(comuni).toEqual([...comuni].sort((a, b) => a.localeCompare(b, 'it')))
    expect(err(await call(server, dtd, 'GET', '/api/sede/provincia/XX/comuni'))).toBe('404 C01')
    expect(err(await call(server, dtd, 'GET', '/api/sede/provincia/ROMA/comuni'))).toBe('404 C01')
    expect((await call(server, reppRoma, 'GET', '/api/sede/provincia/MI/comuni')).statusCode).toBe(200)
    const fac = await actor(server, CF.SARA, 'FAC')
    expect((await call(server, fac, 'GET', '/api/sede/provincia/RM/comuni')).statusCode).toBe(403)
  })

  it('the DTD sees the new body, site and user', async () => {
    expect((await call(server, dtd, 'POST', `/api/ente/${idEnte}`)).statusCode).toBe(200)
    const sede = await call(server, dtd, 'POST', `/api/sede/${idSede}`)
    expect(sede.statusCode).toBe(200)
    // the site's card names its facilitators per body and project (the site page shows them)
    expect((sede.json() as { progetti: { idEnte: number; facilitatori: unknown[] }[] }).progetti).toEqual([expect.objectContaining({
      idEnte, ruoloEnte: 'partner', facilitatori: [{ idUtente, nome: 'Carla', cognome: 'Ambito', codiceRuolo: 'FAC', stato: 'NON ATTIVO' }],
    })])
    expect((await call(server, dtd, 'POST', `/api/utente/${idUtente}`)).statusCode).toBe(200)
    const enti = (await call(server, dtd, 'POST', '/api/ente/all?currPage=0&pageSize=8', { body: { filtroRequest: { criterioRicerca: nomeEnte } } })).json() as { enti: { id: number }[] }
    expect(enti.enti.map((e) => e.id)).toEqual([idEnte])
  })

  it('a REPP of another project never sees them: lists, dropdowns, CSV and by id', async () => {
    const enti = (await call(server, reppRoma, 'POST', '/api/ente/all?currPage=0&pageSize=100', { body: { filtroRequest: { criterioRicerca: nomeEnte } } }))
    expect(enti.statusCode, enti.body).toBe(200)
    expect((enti.json() as { numeroTotaleElementi: number }).numeroTotaleElementi).toBe(0)
    const all = (await call(server, reppRoma, 'POST', '/api/ente/all?currPage=0&pageSize=100', { body: {} })).json() as { enti: { id: number }[] }
    expect(all.enti.map((e) => e.id)).not.toContain(idEnte)
    const utenti = (await call(server, reppRoma, 'POST', '/api/utente/all?currPage=0&pageSize=100', { body: {} })).json() as { utenti: { id: number }[] }
    expect(utenti.utenti.map((u) => u.id)).not.toContain(idUtente)
    const progetti = (await call(server, reppRoma, 'POST', '/api/ente/progetti/dropdown')).json() as { id: number }[]
    expect(progetti.map((p) => p.id)).not.toContain(idProgetto)
    const csv = await call(server, reppRoma, 'POST', '/api/ente/download', { body: {} })
    expect(csv.statusCode).toBe(200)
    expect(csv.body).not.toContain(nomeEnte)
    const csvUtenti = await call(server, reppRoma, 'POST', '/api/utente/download', { body: {} })
    expect(csvUtenti.body).not.toContain(cf)
    expect(err(await call(server, reppRoma, 'POST', `/api/ente/${idEnte}`))).toBe('403 A02')
    expect(err(await call(server, reppRoma, 'POST', `/api/sede/${idSede}`))).toBe('403 A02')
    expect(err(await call(server, reppRoma, 'POST', `/api/utente/${idUtente}`))).toBe('403 A02')
    expect(err(await call(server, reppRoma, 'POST', `/api/progetto/${idProgetto}`))).toBe('403 A02')
    // nor can it act on them
    expect(err(await call(server, reppRoma, 'PUT', `/api/sede/${idSede}`, { body: { nome: nomeSede, indirizzi: [{
      via: 'Via Roma', civico: '1', comune: 'Frascati', provincia: 'RM', cap: '00044', fasceOrarie: { mar: { apertura1: '09:00', chiusura1: '12:00' } },
    }] } }))).toBe('403 A02')
    expect((await call(server, reppRoma, 'POST', '/api/sede/associa/facilitatore', { body: {
      codiceFiscaleFacVol: cf, idProgettoFacVol: idProgetto, idSedeFacVol: idSede, idEnteFacVol: idEnte, tipoContratto: 'Collaboratore',
    } })).statusCode).toBe(403)
  })
})
