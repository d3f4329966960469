// @vitest-environment node
/**
 * Issue 10 point 2: the citizens registry (`/cittadino/all`, card, update, CSV), scoped by role through the
 * services each caller sees, searched through the keyed hashes only.
 * Sara (FAC, project Lazio Digitale Roma) registers a citizen; Elena (REPP of the same project) finds
 * him; Stefano (DEPP of a partner in another project) and Matteo (FAC, Latina) do not; the DTD sees all.
 * Issue 24 point 22: every role that sees services holds the registry (list and CSV) in the seeded matrix;
 * MOD (community only) does not.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cittadino } from '../../../server/db/schema'
import { rowsOf } from '../../../server/domain/liste/engine'
import { createTestServer, type TestServer } from '../helpers'
import { call, CF, createService, DEMOGRAFICA, documentNumber, fiscalCodeAged, named, type Actor } from '../field/fixtures'
import { attori, CAST_AMBITO, CAST_RUOLI, idsDellaLista, registraCittadino } from '../scenari'
import { versioneLetta } from '../versioni-letture'

/** The roles that see services, hence the registry of their citizens, and download it (issue 24 point 22). */
const REGISTRO = ['DTD', 'DSCU', 'REG', 'DEG', 'REGP', 'DEGP', 'REPP', 'DEPP', 'FAC', 'VOL'] as const

describe('citizens registry', () => {
  let server: TestServer
  let sara: Actor, matteo: Actor, elena: Actor, stefano: Actor, paolo: Actor, laura: Actor, dtd: Actor, mod: Actor
  const cf = fiscalCodeAged(35, 'M', 15, 'Mario')
  const doc = documentNumber()
  let idCf: number, idDoc: number, servizio: number

  const list = (who: Actor, filtroRequest: Record<string, unknown> | null = null) =>
    call(server, who, 'POST', '/api/cittadino/all', { query: 'currPage=0&pageSize=50', body: { filtroRequest } })
  const ids = (who: Actor, filtro: Record<string, unknown> | null = null) =>
    idsDellaLista(server, who, '/api/cittadino/all?currPage=0&pageSize=50', { filtroRequest: filtro }, 'cittadini')

  beforeAll(async () => {
    server = await createTestServer()
    ;({ sara, matteo, elena, stefano, paolo, laura, dtd, mod } = await attori(server, { ...CAST_AMBITO, mod: [CF.MOD, 'MOD'] }))
    servizio = await createService(server, sara, { nomeServizio: named('Registro'), data: '2025-05-02' })
    idCf = await registraCittadino(server, sara, servizio, { codiceFiscale: cf })
    idDoc = await registraCittadino(server, sara, servizio, { codiceFiscaleNonDisponibile: true, tipoDocumento: 'Passaporto', numeroDocumento: doc, fasciaDiEtaId: 2 })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('grants the registry and its CSV, in the seeded database, to every role that sees services and to no other', async () => {
    const rows = await rowsOf(server.database.db, sql`select rg.codice_ruolo as r, p.codice as c from ruolo_x_gruppo rg
      join gruppo_x_permesso gp on gp.codice_gruppo = rg.codice_gruppo join permesso p on p.id = gp.id_permesso
      join ruolo ro on ro.codice = rg.codice_ruolo where ro.predefinito and p.codice in ('tab.citt', 'list.citt', 'list.dwnl.citt')`)
    const holders = (code: string) => [...new Set(rows.filter((r) => r.c === code).map((r) => String(r.r)))].sort()
    for (const code of ['tab.citt', 'list.citt', 'list.dwnl.citt']) expect(holders(code), code).toEqual([...REGISTRO].sort())
    // and the routes agree, role by role: list and CSV answer 200, MOD gets 403 A02
    const cast = await attori(server, { ...CAST_RUOLI, degp: [CF.DEGP_PUGLIA, 'DEGP'], depp: [CF.DEPP_MILANO, 'DEPP'], mod: [CF.MOD, 'MOD'] })
    for (const who of Object.values(cast)) {
      const page = await list(who)
      const csv = await call(server, who, 'POST', '/api/cittadino/download', { body: {} })
      const expected = (REGISTRO as readonly string[]).includes(who.role) ? 200 : 403
      expect(page.statusCode, `${who.role} list ${page.body.slice(0, 120)}`).toBe(expected)
      expect(csv.statusCode, `${who.role} csv`).toBe(expected)
      if (expected === 403) expect(page.json()).toMatchObject({ errorCode: 'A02' })
    }
  })

  it('finds the facilitator\'s citizen by fiscal code (any case) and by document number, with the mask and the counts', async () => {
    const res = await list(sara, { criterioRicerca: cf.toLowerCase() })
    expect(res.statusCode, res.body).toBe(200)
    const page = res.json() as { cittadini: { id: number; identificativoMascherato: string; numeroServizi: number; numeroQuestionariCompilati: number }[]; numeroTotaleElementi: number }
    expect(page.numeroTotaleElementi).toBe(1)
    expect(page.cittadini[0]).toMatchObject({ id: idCf, numeroServizi: 1, numeroQuestionariCompilati: 0 })
    expect(page.cittadini[0]?.identificativoMascherato).not.toContain(cf.slice(3, 12))
    expect(res.body).not.toContain(cf)
    expect(await ids(sara, { criterioRicerca: doc })).toEqual([idDoc])
    expect(await ids(sara, { criterioRicerca: 'ZZZZZZ00Z00Z000Z' })).toEqual([])
    // part of a code names no one: the hash matches whole identifiers only
    expect(await ids(sara, { criterioRicerca: cf.slice(0, 10) })).toEqual([])
  })

  it('scopes the list by role: same project and programme find him, another project or programme does not', async () => {
    const q = { criterioRicerca: cf }
    expect(await ids(elena, q)).toEqual([idCf]) // REPP of Sara's project
    expect(await ids(paolo, q)).toEqual([idCf]) // DEG of Sara's programme (Lazio)
    expect(await ids(dtd, q)).toEqual([idCf])
    expect(await ids(stefano, q)).toEqual([]) // DEPP of a partner in another project
    expect(await ids(matteo, q)).toEqual([]) // FAC of another project
    expect(await ids(laura, q)).toEqual([]) // REG of another programme (Lombardia)
    expect((await list(mod, q)).statusCode).toBe(403)
  })

  it('shows the card with the citizen\'s services only within scope (404 C01 outside)', async () => {
    const own = await call(server, sara, 'POST', `/api/cittadino/${idCf}`)
    expect(own.statusCode, own.body).toBe(200)
    const card = own.json() as { dettaglioCittadino: { conCodiceFiscale: boolean; titoloDiStudio: string }; serviziCittadino: { idServizio: number; associatoAUtente: boolean; statoQuestionario: string }[]; modificabile: boolean }
    expect(card.dettaglioCittadino).toMatchObject({ conCodiceFiscale: true, titoloDiStudio: DEMOGRAFICA.titoloDiStudio })
    expect(card.serviziCittadino).toEqual([expect.objectContaining({ idServizio: servizio, associatoAUtente: true, statoQuestionario: 'NON_COMPILATA' })])
    expect(card.modificabile).toBe(true)
    const byElena = await call(server, elena, 'POST', `/api/cittadino/${idCf}`)
    expect(byElena.statusCode).toBe(200)
    expect((byElena.json() as { modificabile: boolean }).modificabile).toBe(false)
    const outside = await call(server, matteo, 'POST', `/api/cittadino/${idCf}`)
    expect(outside.statusCode).toBe(404)
    expect(outside.json()).toMatchObject({ errorCode: 'C01' })
  })

  it('updates the editable fields (enumerations, province) and refuses what the fiscal code says (U28) or other roles (U06)', async () => {
    const body = { titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore', cittadinanza: 'Italiana', provinciaDiDomicilio: 'Milano' }
    const ok = await call(server, sara, 'PUT', `/api/cittadino/${idCf}`, { body: { ...body, versione: await versioneLetta(server, sara, 'cittadino', idCf) } })
    expect(ok.statusCode, ok.body).toBe(200)
    const [row] = await server.database.db.select().from(cittadino).where(eq(cittadino.id, idCf))
    expect(row).toMatchObject({ occupazione: 'Imprenditore', provinciaDiDomicilio: 'Milano' })
    expect((await call(server, sara, 'PUT', `/api/cittadino/${idCf}`, { body: { ...body, provinciaDiDomicilio: 'Atlantide' } })).statusCode).toBe(400)
    expect((await call(server, sara, 'PUT', `/api/cittadino/${idCf}`, { body: { ...body, occupazione: 'Astronauta' } })).statusCode).toBe(400)
    const u28 = await call(server, sara, 'PUT', `/api/cittadino/${idCf}`, { body: { ...body, genere: 'F' } })
    expect(u28.json()).toMatchObject({ errorCode: 'U28' })
    // without a fiscal code, gender and age band are editable
    const docOk = await call(server, sara, 'PUT', `/api/cittadino/${idDoc}`, { body: { ...body, genere: 'Non binario', fasciaDiEtaId: 3, versione: await versioneLetta(server, sara, 'cittadino', idDoc) } })
    expect(docOk.statusCode, docOk.body).toBe(200)
    expect((await call(server, elena, 'PUT', `/api/cittadino/${idCf}`, { body })).json()).toMatchObject({ errorCode: 'U06' })
    expect((await call(server, matteo, 'PUT', `/api/cittadino/${idCf}`, { body })).statusCode).toBe(404)
  })

  it('exports the filtered list as CSV with the masks, never a clear code', async () => {
    const res = await call(server, sara, 'POST', '/api/cittadino/download', { body: { filtroRequest: { criterioRicerca: cf } } })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-disposition']).toContain('cittadini.csv')
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(lines[0]).toBe('ID;Codice fiscale o documento;Numero servizi;Questionari compilati;Data ultimo aggiornamento')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toMatch(new RegExp(`^${idCf};`))
    expect(res.body).not.toContain(cf)
  })

  it('offers the sites and age bands as filters', async () => {
    const sedi = (await call(server, sara, 'POST', '/api/cittadino/sedi/dropdown')).json() as { id: number }[]
    expect(sedi.length).toBeGreaterThan(0)
    expect(await ids(sara, { idsSedi: [String(sedi[0]!.id)], criterioRicerca: cf })).toEqual([idCf])
    expect(await ids(sara, { fasceDiEta: ['5'], criterioRicerca: cf })).toEqual([])
  })
})
