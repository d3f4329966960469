// @vitest-environment node
/**
 * Mass upload through the API (issue 10 point 5): a CSV and an XLSX with good and bad rows become a job
 * whose accepted rows are services with citizens and compiled surveys, whose rejected rows carry their
 * Italian reason in the report; duplicated rows, rows of a site outside the upload's project and body,
 * formula cells; the registry and monitoring list; who may upload.
 */
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { questionarioCompilato, registroAttivita, servizio } from '../../../server/db/schema'
import { actor, call, CF, fiscalCodeAged } from '../field/fixtures'
import { scenarioCaricamenti } from '../scenari'
import { csvText, riga, upload, waitJob, writeXlsx } from './fixtures'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

describe('mass upload', () => {
  const ctx = scenarioCaricamenti('caricamenti')

  it('offers the REGP its project and body as upload context', async () => {
    const res = await call(ctx.server, ctx.regp, 'POST', '/api/caricamentoMassivo/contesti')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([expect.objectContaining({ idProgetto: ctx.regp.ids.idProgetto, idEnte: ctx.regp.ids.idEnte })])
    expect(ctx.sara.ids.idProgetto).toBe(ctx.regp.ids.idProgetto)
    expect(ctx.sara.ids.idEnte).toBe(ctx.regp.ids.idEnte)
  })

  it('loads a CSV: good rows become services with citizens and surveys, bad ones are reported', async () => {
    const good = [0, 1, 2].map((n) => riga(CF.SARA, ctx.idSede, fiscalCodeAged(30 + n), n))
    const rows = [
      ...good,
      { ...good[0]! }, // duplicate of line 2
      riga(CF.SARA, ctx.idSede, 'RSSMRA80A01H501X', 5), // bad fiscal code
      riga(CF.SARA, 999_999, fiscalCodeAged(40), 6), // site outside the project
      riga(CF.SARA, ctx.idSede, fiscalCodeAged(41), 7, { SE3: 'A: B', AN9: 'Z' }),
    ]
    const res = await upload(ctx.server, ctx.regp, csvText(rows), 'csv')
    expect(res.statusCode, res.body).toBe(202)
    const { jobUuid, totaleRighe } = res.json() as { jobUuid: string; totaleRighe: number }
    expect(totaleRighe).toBe(7)
    const job = await waitJob(ctx.server, ctx.regp, jobUuid)
    expect(job).toMatchObject({ stato: 'SUCCESS', totaleRighe: 7, righeScartate: 4, cittadiniBeneficiari: 3, questionariCompilati: 3 })
    const created = await ctx.server.database.db.select().from(servizio).where(eq(servizio.codInserimento, jobUuid))
    expect(created.length).toBe(job.serviziCaricati)
    const surveys = await ctx.server.database.db.select().from(questionarioCompilato).where(eq(questionarioCompilato.codInserimento, jobUuid))
    expect(surveys.map((s) => s.stato)).toEqual(['COMPILATA', 'COMPILATA', 'COMPILATA'])

    const report = await call(ctx.server, ctx.regp, 'POST', `/api/registroAttivita/${job.id}/report`)
    expect(report.statusCode).toBe(200)
    const lines = report.body.replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(lines[0]).toMatch(/^numeroRiga;Esito;Motivo;ID servizio;IDFacilitatore/)
    expect(lines).toHaveLength(8)
    expect(lines[4]).toMatch(/^5;Scartata;riga duplicata: è uguale alla riga 2/)
    expect(lines[5]).toMatch(/^6;Scartata;AN3: codice fiscale del cittadino non valido/)
    expect(lines[6]).toMatch(/^7;Scartata;il facilitatore \(IDFacilitatore\) non opera nella sede/)
    expect(lines[7]).toMatch(/^8;Scartata;.*AN9: codice non valido.*SE3: separa i codici/)
    expect(report.body).not.toContain(rows[0]!.AN3)
  })

  it('rows of the same service with different citizens make one group service', async () => {
    const rows = [fiscalCodeAged(60), fiscalCodeAged(61)].map((cf) => riga(CF.SARA, ctx.idSede, cf, 4, { SE1: '2025-05-05', SE3: 'B', SE7: 'Laboratorio di gruppo' }))
    const res = await upload(ctx.server, ctx.regp, csvText(rows), 'csv')
    expect(res.statusCode, res.body).toBe(202)
    const job = await waitJob(ctx.server, ctx.regp, (res.json() as { jobUuid: string }).jobUuid)
    expect(job).toMatchObject({ stato: 'SUCCESS', righeScartate: 0, serviziCaricati: 1, cittadiniBeneficiari: 2 })
  })

  it('loads an XLSX; a formula cell rejects its row', async () => {
    const path = join(ctx.dir, 'f.xlsx')
    await writeXlsx(path, [0, 1, 2].map((n) => riga(CF.SARA, ctx.idSede, fiscalCodeAged(50 + n), n, { SE1: '2025-04-0' + (n + 1) })), { row: 2, col: 'ES6' })
    const res = await upload(ctx.server, ctx.regp, readFileSync(path), 'xlsx')
    expect(res.statusCode, res.body).toBe(202)
    const job = await waitJob(ctx.server, ctx.regp, (res.json() as { jobUuid: string }).jobUuid)
    expect(job).toMatchObject({ stato: 'SUCCESS', totaleRighe: 3, righeScartate: 1, cittadiniBeneficiari: 2 })
    const report = await call(ctx.server, ctx.regp, 'POST', `/api/registroAttivita/${job.id}/report`)
    expect(report.body).toMatch(/\r\n3;Scartata;le celle ES6 contengono una formula/)
  })

  it('lists the jobs in the monitoring list for the REGP and the DTD, not for a REPP of another body', async () => {
    const list = await call(ctx.server, ctx.regp, 'POST', '/api/monitoraggiocaricamenti/all?currPage=0&pageSize=10')
    expect(list.statusCode).toBe(200)
    expect((list.json() as { numeroTotaleElementi: number }).numeroTotaleElementi).toBeGreaterThanOrEqual(2)
    const dtd = await actor(ctx.server, CF.DTD, 'DTD')
    const all = await call(ctx.server, dtd, 'POST', '/api/monitoraggiocaricamenti/all?currPage=0&pageSize=10', { body: { filtroRequest: { filtroStati: ['SUCCESS'] } } })
    expect((all.json() as { caricamenti: { stato: string }[] }).caricamenti.every((c) => c.stato === 'SUCCESS')).toBe(true)
    const repp = await actor(ctx.server, CF.REPP_ROMA, 'REPP')
    const other = await call(ctx.server, repp, 'POST', '/api/monitoraggiocaricamenti/all?currPage=0&pageSize=10')
    expect((other.json() as { numeroTotaleElementi: number }).numeroTotaleElementi).toBe(0)
  })

  it('refuses uploads of roles that do not upload and into another project', async () => {
    const dtd = await actor(ctx.server, CF.DTD, 'DTD')
    const body = csvText([riga(CF.SARA, ctx.idSede, fiscalCodeAged(33))])
    expect((await upload(ctx.server, dtd, body, 'csv', { idProgetto: ctx.regp.ids.idProgetto as number, idEnte: ctx.regp.ids.idEnte as number })).json())
      .toMatchObject({ errorCode: 'A02' })
    const other = await upload(ctx.server, ctx.regp, body, 'csv', { idProgetto: (ctx.regp.ids.idProgetto as number) + 1, idEnte: ctx.regp.ids.idEnte as number })
    expect(other.statusCode).toBe(403)
  })

  it('refuses a second upload while a job of the same project and body runs (409 CM01)', async () => {
    const [running] = await ctx.server.database.db.insert(registroAttivita).values({
      idProgetto: ctx.regp.ids.idProgetto, idEnte: ctx.regp.ids.idEnte, jobUuid: 'f'.repeat(32), jobStatus: 'IN_PROGRESS',
    }).returning()
    try {
      const res = await upload(ctx.server, ctx.regp, csvText([riga(CF.SARA, ctx.idSede, fiscalCodeAged(34))]), 'csv')
      expect(res.statusCode).toBe(409)
      expect(res.json()).toMatchObject({ errorCode: 'CM01' })
    } finally {
      await ctx.server.database.db.delete(registroAttivita).where(eq(registroAttivita.id, running!.id))
    }
  })
})
