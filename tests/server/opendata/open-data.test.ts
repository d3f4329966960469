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
import { job, openDataFile, servizioXCittadino } from '../../../server/db/schema'
import { chiaveMensile, pianificaMese } from '../../../server/domain/opendata/calendario'
import { generaFileMese } from '../../../server/domain/opendata/genera'
import { apiCall, createTestServer, TEST_HOST, type TestServer } from '../helpers'

const DTD = 'FRRGLI78C54H501Q'
const FAC = 'RMNSRA92E51A944H'

describe('open data', () => {
  let server: TestServer
  beforeAll(async () => { server = await createTestServer() })
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
    for (const k of ['dct:identifier', 'dct:title', 'dct:description', 'dct:publisher', 'dct:rightsHolder', 'dct:theme', 'dct:modified', 'dcat:contactPoint']) expect(ds).toHaveProperty([k])
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

  it('regenerating a month replaces its file and resets its counter', async () => {
    const r = await generaFileMese(server.database.db, server.app.storage, { mese: '2026-11', oggi: '2026-11-30' })
    expect(r.mese).toBe('2026-11')
    const [row] = await server.database.db.select().from(openDataFile).where(eq(openDataFile.mese, '2026-11'))
    expect(row!.conteggioDownload).toBe(0)
  })
})
