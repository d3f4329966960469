// @vitest-environment node
/**
 * Open data routes and jobs (issue 11 point 3): monthly files with history and download counters, the
 * metadata, the DCAT-AP_IT description, the schedule on the 1st through the job table, the DTD's
 * on-demand generation.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPEN_DATA_COLUMNS } from '../../../src/api/contract/open-data'
import type { OpenDataInfo } from '../../../src/api/contract/open-data'
import { cittadino, ente, job, openDataFile, progetto, sede, servizio, servizioXCittadino, utente } from '../../../server/db/schema'
import type { Database } from '../../../server/db/types'
import { chiaveMensile, pianificaMese } from '../../../server/domain/opendata/calendario'
import { applicaSogliaMinima, contaCelle } from '../../../server/domain/opendata/anonimizza'
import { conteggiCelleSql, leggiRighe, righeInBlocchi } from '../../../server/domain/opendata/dataset'
import { csvOpenData, generaFileMese } from '../../../server/domain/opendata/genera'
import { apiCall, createTestServer, TEST_HOST, type TestServer } from '../helpers'

const DTD = 'FRRGLI78C54H501Q'
const FAC = 'RMNSRA92E51A944H'

/**
 * A crafted dataset on the seeded sites: 3 women 30-54 in Roma (kept), 2 in Latina and 1 in Aprilia
 * (province LT: generalised together), 1 man 75+ in Roma in another month (suppressed).
 */
async function craft(db: Database): Promise<void> {
  const sedi = await db.select({ id: sede.id, comune: sede.comune }).from(sede)
  const at = (comune: string) => sedi.find((x) => x.comune === comune)!.id
  const [p] = await db.select({ id: progetto.id }).from(progetto).limit(1)
  const [e] = await db.select({ id: ente.id }).from(ente).limit(1)
  const [u] = await db.select({ id: utente.id }).from(utente).limit(1)
  const people: [string, number, string, string][] = [
    ['F', 2, 'Roma', '2026-03-05'], ['F', 2, 'Roma', '2026-03-06'], ['F', 2, 'Roma', '2026-03-20'],
    ['F', 2, 'Latina', '2026-03-07'], ['F', 2, 'Latina', '2026-03-08'], ['F', 2, 'Aprilia', '2026-03-09'],
    ['M', 4, 'Roma', '2026-04-02'],
  ]
  let i = 0
  for (const [genere, fascia, comune, data] of people) {
    const id = 2 ** 52 + ++i
    await db.insert(cittadino).values({ id, genere, fasciaDiEtaId: fascia, occupazione: 'Occupato', titoloDiStudio: 'Laurea' })
    const [sv] = await db.insert(servizio).values({
      nome: `Servizio ${i}`, dataServizio: data, durataServizio: '1:00', tipologiaServizio: 'Facilitazione individuale',
      idEnte: e!.id, idSede: at(comune), idProgetto: p!.id, idFacilitatore: u!.id,
      sezioneQ3Compilato: { id: 'anagraficaServizio', title: 'Q3', properties: [{ '25': ['Sicurezza'] }, { '27': ['SPID', 'App IO'] }] },
    }).returning({ id: servizio.id })
    await db.insert(servizioXCittadino).values({ idCittadino: id, idServizio: sv!.id })
  }
}

describe('open data', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer()
    await craft(server.database.db)
  })
  afterAll(async () => { await server?.close() })
  const get = (url: string) => server.app.inject({ method: 'GET', url, headers: { host: TEST_HOST } })

  it('publishes nothing before the first file', async () => {
    const res = await get('/api/open-data')
    expect(res.statusCode).toBe(200)
    const info = res.json<OpenDataInfo>()
    expect(info.files).toEqual([])
    expect(info.licenza.url).toBe('https://creativecommons.org/licenses/by/4.0/')
    expect(info.periodicita).toBe('Mensile')
    expect(info.notaAnonimizzazione).toMatch(/meno di 3 persone/)
    expect((await get('/api/open-data/file/2026-01')).statusCode).toBe(404)
  })

  it('schedules each month once, on the first check of the month (the 1st), and the job publishes the file', async () => {
    const db = server.database.db
    const first = await pianificaMese(server.app.jobs, new Date('2026-10-01T00:00:05Z'))
    expect(first).not.toBeNull()
    expect(await pianificaMese(server.app.jobs, new Date('2026-10-01T01:00:05Z'))).toBeNull()
    expect(await pianificaMese(server.app.jobs, new Date('2026-10-31T23:00:00Z'))).toBeNull()
    await server.app.jobs.idle()
    const [row] = await db.select().from(job).where(eq(job.chiave, chiaveMensile('2026-10')))
    expect(row).toMatchObject({ stato: 'COMPLETATO', progresso: 100, tipo: 'opendata.genera' })
    const next = await pianificaMese(server.app.jobs, new Date('2026-11-01T00:00:05Z'))
    expect(next).not.toBeNull()
    await server.app.jobs.idle()
    const files = await db.select().from(openDataFile)
    expect(files.map((f) => f.mese).sort()).toEqual(['2026-10', '2026-11'])
  })

  it('offers this month\'s file and last month\'s with metadata, counts downloads, streams a ;-separated CSV', async () => {
    const info = (await get('/api/open-data')).json<OpenDataInfo>()
    expect(info.files.map((f) => f.mese)).toEqual(['2026-11', '2026-10'])
    const pairs = (await server.database.db.select().from(servizioXCittadino)).length
    const f = info.files[0]!
    expect(f.righe + f.righeSoppresse).toBeLessThanOrEqual(pairs)
    expect(f.conteggioDownload).toBe(0)
    const res = await get(f.url)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename="opendata_cittadini_2026-11.csv"')
    const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n')
    expect(lines[0]).toBe(OPEN_DATA_COLUMNS.map((c) => c.attributo).join(';'))
    expect(lines).toHaveLength(f.righe + 1)
    expect(res.body).not.toMatch(/[A-Z]{6}\d{2}[A-Z]\d{2}[A-Z]\d{3}[A-Z]/) // no fiscal code
    await get(f.url)
    const after = (await get('/api/open-data')).json<OpenDataInfo>()
    expect(after.files[0]!.conteggioDownload).toBe(2)
    expect(after.files[1]!.conteggioDownload).toBe(0)
    expect(after.dataUltimaPubblicazione).toBe(f.dataPubblicazione)
  })

  it('describes the dataset in DCAT-AP_IT JSON-LD with one distribution per file', async () => {
    const res = await get('/api/open-data/dcat.jsonld')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/ld+json; charset=utf-8')
    const doc = res.json<Record<string, unknown>>()
    expect(doc['@context']).toMatchObject({ dcat: 'http://www.w3.org/ns/dcat#', dcatapit: 'http://dati.gov.it/onto/dcatapit#', dct: 'http://purl.org/dc/terms/' })
    expect(doc['@type']).toEqual(['dcat:Catalog', 'dcatapit:Catalog'])
    const [ds] = doc['dcat:dataset'] as Record<string, unknown>[]
    expect(ds!['@type']).toEqual(['dcat:Dataset', 'dcatapit:Dataset'])
    expect(ds!['dct:accrualPeriodicity']).toEqual({ '@id': 'http://publications.europa.eu/resource/authority/frequency/MONTHLY' })
    for (const k of ['dct:identifier', 'dct:title', 'dct:description', 'dct:publisher', 'dct:rightsHolder', 'dcat:theme', 'dct:modified', 'dcat:contactPoint']) expect(ds).toHaveProperty([k])
    // DCAT-AP_IT: the theme is dcat:theme (issue 24 point 3), on the EU data-theme table
    expect(ds!['dcat:theme']).toEqual({ '@id': 'http://publications.europa.eu/resource/authority/data-theme/GOVE' })
    expect(ds).not.toHaveProperty(['dct:theme'])
    const dist = ds!['dcat:distribution'] as Record<string, unknown>[]
    expect(dist).toHaveLength(2)
    expect(dist[0]).toMatchObject({
      'dcat:downloadURL': { '@id': 'http://127.0.0.1:8080/api/open-data/file/2026-11' },
      'dct:format': { '@id': 'http://publications.europa.eu/resource/authority/file-type/CSV' },
      'dct:license': { '@id': 'https://creativecommons.org/licenses/by/4.0/' },
    })
  })

  it('lets a DTD generate this month\'s file on demand, and nobody else', async () => {
    const dtd = await server.signIdToken(DTD)
    const res = await apiCall(server.app, { url: '/api/open-data/genera', token: dtd, role: 'DTD', body: {} })
    expect(res.statusCode).toBe(202)
    expect(res.json()).toMatchObject({ mese: new Date().toISOString().slice(0, 7) })
    await server.app.jobs.idle()
    const [row] = await server.database.db.select().from(openDataFile).where(eq(openDataFile.mese, new Date().toISOString().slice(0, 7)))
    expect(row).toBeDefined()
    const fac = await server.signIdToken(FAC)
    const denied = await apiCall(server.app, { url: '/api/open-data/genera', token: fac, role: 'FAC', body: {} })
    expect(denied.statusCode).toBe(403)
  })

  it('streams in batches exactly what the in-memory rule publishes (SQL publishable groups = in-memory ones)', async () => {
    const db = server.database.db
    const tutte = await leggiRighe(db, { finoA: '2026-11-30' })
    expect(tutte.length).toBeGreaterThan(0)
    const piccoli: number[] = []
    for await (const b of righeInBlocchi(db, { finoA: '2026-11-30', limite: 2 })) piccoli.push(...b.map((r) => r.idCittadino))
    expect(piccoli).toEqual(tutte.map((r) => r.idCittadino))
    const sqlCounts = await conteggiCelleSql(db, { finoA: '2026-11-30' })
    const memCounts = contaCelle(tutte)
    expect(sqlCounts.pubblicabili.map((s) => [...s].sort())).toEqual(memCounts.pubblicabili.map((s) => [...s].sort()))
    await generaFileMese(db, server.app.storage, { mese: '2026-11', oggi: '2026-11-30' })
    const res = await get('/api/open-data/file/2026-11')
    expect(res.body).toBe(csvOpenData(applicaSogliaMinima(tutte).righe))
    // the crafted dataset: 3 kept in Roma, 3 generalised in LT (comune and project dropped), the man 75+ suppressed
    const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n').slice(1).map((l) => l.split(';'))
    const col = (name: string) => OPEN_DATA_COLUMNS.findIndex((c) => c.attributo === name)
    expect(lines).toHaveLength(6)
    expect(lines.filter((l) => l[col('COMUNE')] === 'Roma')).toHaveLength(3)
    const gen = lines.filter((l) => l[col('PROVINCIA')] === 'LT')
    expect(gen).toHaveLength(3)
    for (const l of gen) {
      expect([l[col('COMUNE')], l[col('ID_PROGETTO')], l[col('AMBITO_SERVIZI_PUBBLICI_DIGITALI')], l[col('MESE_FRUIZIONE_SERVIZIO')]]).toEqual(['', '', '', '2026-03'])
    }
    // no service, site, CAP or day is published (issue 24 point 3)
    expect(lines[0]).toHaveLength(15)
    for (const gone of ['SERVIZIO_ID', 'NOME_SERVIZIO', 'DATA_FRUIZIONE_SERVIZIO', 'SEDE_ID', 'NOME_SEDE', 'CAP']) expect(col(gone)).toBe(-1)
    expect(res.body).not.toMatch(/Servizio \d|2026-03-0\d/)
    expect(lines.some((l) => l[col('GENERE')] === 'M')).toBe(false)
    expect(lines[0]![col('AMBITO_SERVIZI_PUBBLICI_DIGITALI')]).toBe('SPID, App IO')
    expect(lines[0]![col('COMPETENZE_TRATTATE')]).toBe('Sicurezza')
    const [row] = await db.select().from(openDataFile).where(eq(openDataFile.mese, '2026-11'))
    expect(row).toMatchObject({ righe: 6, righeGeneralizzate: 3, righeSoppresse: 1, annoMin: 2026, annoMax: 2026 })
  })

  it('regenerating a month replaces its file and resets its counter', async () => {
    const r = await generaFileMese(server.database.db, server.app.storage, { mese: '2026-11', oggi: '2026-11-30' })
    expect(r.mese).toBe('2026-11')
    const [row] = await server.database.db.select().from(openDataFile).where(eq(openDataFile.mese, '2026-11'))
    expect(row!.conteggioDownload).toBe(0)
  })
})
