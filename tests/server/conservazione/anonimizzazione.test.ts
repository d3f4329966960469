// @vitest-environment node
/**
 * Issue 28 point 2 on the database (PGlite, and PostgreSQL with DATABASE_URL): a realistic population past its
 * retention date is reported, confirmed and anonymised by the jobs' code path, and the aggregates stay exactly the
 * same — the data area's report (totals and every breakdown, for the DTD) and the open-data file of the months
 * concerned (row count and bytes) — while no anonymised row can be linked to a person any more.
 */
import { eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReportDati } from '../../../src/api/contract/dati'
import type { StatoConservazione } from '../../../src/api/contract/conservazione'
import { cittadino, conservazionePeriodo, questionarioCompilato } from '../../../server/db/schema'
import { refreshDati } from '../../../server/domain/dati/refresh'
import { generaFileMese } from '../../../server/domain/opendata/genera'
import { oggiInItalia } from '../../../server/domain/conservazione/rapporto'
import { createTestServer, type TestServer } from '../helpers'
import { actor, call, CF, type Actor } from '../field/fixtures'
import { popolazioneStorica } from './popolazione-storica'

const giorno = (delta: number) => { const d = new Date(`${oggiInItalia()}T12:00:00Z`); d.setUTCDate(d.getUTCDate() + delta); return d.toISOString().slice(0, 10) }

describe('retention: anonymisation keeps the aggregates', () => {
  let server: TestServer
  let dtd: Actor
  let ids: number[]

  beforeAll(async () => {
    server = await createTestServer()
    dtd = await actor(server, CF.DTD, 'DTD')
    ids = await popolazioneStorica(server.database.db, 7)
    // RFD ended yesterday, SCD goes on: the citizens served only by RFD programmes are past their date
    await server.database.db.update(conservazionePeriodo).set({ conservazioneFino: giorno(-1) }).where(eq(conservazionePeriodo.policy, 'RFD'))
    await server.database.db.update(conservazionePeriodo).set({ conservazioneFino: '2099-12-31' }).where(eq(conservazionePeriodo.policy, 'SCD'))
  }, 120_000)
  afterAll(() => server?.close())

  const dati = async (): Promise<ReportDati> => {
    await refreshDati(server.database.db)
    const res = await call(server, dtd, 'POST', '/api/dati/report', { body: { filtro: {} } })
    expect(res.statusCode, res.body).toBe(200)
    const r = res.json() as ReportDati
    return { ...r, aggiornatoIl: '' }
  }
  const openData = async () => {
    const esito = await generaFileMese(server.database.db, server.app.storage, { mese: '2026-06', oggi: '2026-06-30' })
    const file = await server.app.inject({ method: 'GET', url: '/api/open-data/file/2026-06', headers: { host: '127.0.0.1:8080' } })
    return { righe: esito.righe, corpo: file.body }
  }
  const stato = async () => (await call(server, dtd, 'GET', '/api/conservazione/rapporto')).json() as StatoConservazione

  it('reports, waits for the confirmation, anonymises, and the dashboard and open data are the same', async () => {
    const db = server.database.db
    const prima = await dati()
    const odPrima = await openData()
    expect(prima.totali.partecipazioni).toBeGreaterThan(500)
    expect(odPrima.righe).toBeGreaterThan(0)

    expect((await call(server, dtd, 'POST', '/api/conservazione/rapporto')).statusCode).toBe(202)
    await server.app.jobs.idle()
    const r = (await stato()).rapporto!
    expect(r.stato).toBe('DA_CONFERMARE')
    expect(r.totali.cittadini).toBeGreaterThan(50)
    expect(r.totali.cittadini).toBeLessThan(ids.length + 100)
    expect(r.totali.questionari).toBeGreaterThan(r.totali.cittadini - 1)
    expect(r.totali.consensi).toBeGreaterThan(0)
    expect(r.programmi.every((p) => p.policy === 'RFD')).toBe(true)
    expect(r.programmi.reduce((s, p) => s + p.cittadini, 0)).toBeGreaterThanOrEqual(r.totali.cittadini)
    expect(r.programmi.map((p) => p.dataPiuVecchia).filter(Boolean).sort()[0]).toMatch(/^2026-0[1-6]-\d\d$/)
    // nothing anonymised before the DTD's confirmation
    expect((await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(cittadino).where(isNotNull(cittadino.anonimizzatoIl)))[0]!.n).toBe(0)

    const conferma = await call(server, dtd, 'POST', `/api/conservazione/rapporto/${r.id}/conferma`, { body: {} })
    expect(conferma.statusCode, conferma.body).toBe(202)
    await server.app.jobs.idle()
    const fatto = (await stato()).rapporto!
    expect(fatto).toMatchObject({ id: r.id, stato: 'ESEGUITO', esito: r.totali })

    // the same aggregates
    expect(await dati()).toEqual(prima)
    const odDopo = await openData()
    expect(odDopo.righe).toBe(odPrima.righe)
    expect(odDopo.corpo).toBe(odPrima.corpo)

    // no anonymised row links to a person
    const anonimi = await db.select().from(cittadino).where(isNotNull(cittadino.anonimizzatoIl))
    expect(anonimi.length).toBe(r.totali.cittadini)
    for (const c of anonimi) {
      expect(c).toMatchObject({ codiceFiscaleHash: null, numeroDocumentoHash: null, tipoDocumento: null, identificativoMascherato: null,
        cittadinanza: null, provinciaDiDomicilio: null, tipoConferimentoConsenso: null, dataConferimentoConsenso: null, motivoAnonimizzazione: 'conservazione' })
      expect(c.genere).not.toBeNull()
    }
    const istanze = await db.select().from(questionarioCompilato).where(inArray(questionarioCompilato.idCittadino, anonimi.map((c) => c.id)))
    expect(istanze.length).toBe(r.totali.questionari)
    const testo = JSON.stringify(istanze.map((q) => q.sezioni))
    expect(testo).not.toContain('mi chiamo')
    expect(testo).not.toContain('non visualizzabile')
    expect(testo).not.toContain('"9"')
    expect(testo).not.toContain('"18"')
    expect(testo).toContain('1663320201383')
    // the citizens also served by a programme still within its period are whole
    const interi = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(cittadino)
      .where(sql`${cittadino.id} = any(${sql.param(ids)}::bigint[]) and ${cittadino.anonimizzatoIl} is null and ${cittadino.codiceFiscaleHash} is not null`)
    expect(interi[0]!.n).toBe(ids.length - anonimi.filter((c) => ids.includes(c.id)).length)
  }, 180_000)

  it('a new report finds nothing more to anonymise', async () => {
    expect((await call(server, dtd, 'POST', '/api/conservazione/rapporto')).statusCode).toBe(202)
    await server.app.jobs.idle()
    expect((await stato()).rapporto).toMatchObject({ stato: 'DA_CONFERMARE', totali: { cittadini: 0, questionari: 0, consensi: 0, servizi: 0, utenti: 0 } })
  })
})
