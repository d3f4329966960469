// @vitest-environment node
/**
 * The Done-when check of issue 10 point 5 as a test (PGlite): a 10,000-row XLSX generated with exceljs,
 * with 37 bad rows of different kinds (invalid fiscal code, unknown site, another project's site, missing
 * date, duplicated row, formula cells, unregistered facilitator, unknown code) and rows that must be
 * accepted (omocodic fiscal codes, group services, citizens met again on other services, twice in the
 * same chunk): the 9,963 good rows become services with their citizens and compiled surveys, visible in
 * the services list and the citizens registry; the report lists exactly the 37 rows with their reasons.
 */
import { createWriteStream, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { and, eq, ne, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import Papa from 'papaparse'
import { beforeAll, describe, expect, it } from 'vitest'
import { enteSedeProgettoFacilitatore, questionarioCompilato, servizio, servizioXCittadino } from '../../../server/db/schema'
import { COLONNE, type Riga } from '../../../server/domain/caricamenti/tracciato'
import { call, CF, omocodie } from '../field/fixtures'
import { scenarioCaricamenti } from '../scenari'
import { codiceValido, riga, upload, waitJob } from './fixtures'

const ROWS = 10_000
const codice = codiceValido

type Tipo = 'cf' | 'sede' | 'altroProgetto' | 'data' | 'duplicata' | 'formula' | 'facilitatore' | 'codice'

/** The bad rows: data-row index → kind (37 in all, spread over the file). */
function righeCattive(): Map<number, Tipo> {
  const tipi: [Tipo, number][] = [['cf', 5], ['sede', 5], ['altroProgetto', 5], ['data', 5], ['duplicata', 5], ['formula', 4], ['facilitatore', 3], ['codice', 5]]
  const out = new Map<number, Tipo>()
  let k = 0
  for (const [tipo, n] of tipi) for (let j = 0; j < n; j++) out.set(137 + (k++) * 263, tipo)
  return out
}

const MOTIVI: Record<Tipo, RegExp> = {
  cf: /^AN3: codice fiscale del cittadino non valido$/,
  sede: /^il facilitatore \(IDFacilitatore\) non opera nella sede indicata \(IDSede\)/,
  altroProgetto: /^il facilitatore \(IDFacilitatore\) non opera nella sede indicata \(IDSede\)/,
  data: /^campi obbligatori mancanti: SE1$/,
  duplicata: /^riga duplicata: è uguale alla riga \d+$/,
  formula: /^le celle SE7 contengono una formula/,
  facilitatore: /^il facilitatore \(IDFacilitatore\) non è registrato sulla piattaforma$/,
  codice: /^AN9: codice non valido "Z"$/,
}

describe('a 10,000-row XLSX with 37 bad rows (Done when, issue 10 point 5)', () => {
  const ctx = scenarioCaricamenti('diecimila')
  let sedeAltroProgetto: number

  beforeAll(async () => {
    const [other] = await ctx.server.database.db.select({ idSede: enteSedeProgettoFacilitatore.idSede }).from(enteSedeProgettoFacilitatore)
      .where(and(ne(enteSedeProgettoFacilitatore.idProgetto, ctx.regp.ids.idProgetto as number), ne(enteSedeProgettoFacilitatore.idSede, ctx.idSede))).limit(1)
    sedeAltroProgetto = other!.idSede
  })

  it('loads the 9,963 good rows and reports exactly the 37 bad ones', async () => {
    const cattive = righeCattive()
    expect(cattive.size).toBe(37)
    const db = ctx.server.database.db
    const before = await totals()

    // the rows: groups of 4 rows share a service (same facilitator, date, duration, types, details) with
    // different citizens; every 10th citizen comes back on a later service (twice in the same chunk of
    // 500 rows, or in another chunk); every 50th fiscal code is given in an omocodic form
    const righe: Riga[] = []
    const formule = new Set<number>()
    for (let i = 0; i < ROWS; i++) {
      const gruppo = Math.floor(i / 4)
      // every 10th row: the citizen of row i - 9 (same chunk) or, every 20th, of row i - 709 (an earlier chunk)
      const ritorno = i % 20 === 19 && i >= 709 ? i - 709 : i % 10 === 9 ? i - 9 : i
      let cf = codice(ritorno)
      if (i % 50 === 7) cf = omocodie(cf)[0]!
      const r = riga(CF.SARA, ctx.idSede, cf, gruppo, { SE1: `2025-0${3 + (gruppo % 3)}-1${gruppo % 10}`, SE7: `Servizio ${gruppo}` })
      const tipo = cattive.get(i)
      if (tipo === 'cf') r.AN3 = `${cf.slice(0, 15)}${cf[15] === 'A' ? 'B' : 'A'}`
      if (tipo === 'sede') r.IDSede = '999999'
      if (tipo === 'altroProgetto') r.IDSede = String(sedeAltroProgetto)
      if (tipo === 'data') r.SE1 = ''
      if (tipo === 'duplicata') Object.assign(r, righe[i - 3]!)
      if (tipo === 'formula') formule.add(i)
      if (tipo === 'facilitatore') r.IDFacilitatore = codice(i, 'MRA')
      if (tipo === 'codice') r.AN9 = 'Z'
      righe.push(r)
    }
    const path = join(ctx.dir, 'diecimila.xlsx')
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: createWriteStream(path), useSharedStrings: false, useStyles: false })
    const sheet = wb.addWorksheet('Servizi')
    sheet.addRow([...COLONNE]).commit()
    righe.forEach((r, i) => {
      const values: unknown[] = COLONNE.map((c) => r[c])
      if (formule.has(i)) values[COLONNE.indexOf('SE7')] = { formula: 'CONCATENATE("Servizio ";1)', result: 'Servizio 1' }
      sheet.addRow(values).commit()
    })
    sheet.commit()
    await wb.commit()

    const res = await upload(ctx.server, ctx.regp, readFileSync(path), 'xlsx')
    expect(res.statusCode, res.body).toBe(202)
    const { jobUuid } = res.json() as { jobUuid: string }
    const job = await waitJob(ctx.server, ctx.regp, jobUuid)
    expect(job).toMatchObject({ stato: 'SUCCESS', totaleRighe: ROWS, righeScartate: 37, cittadiniBeneficiari: ROWS - 37, questionariCompilati: ROWS - 37 })

    // the writes: one link and one compiled survey per good row, the services the report names
    const [links] = await db.select({ n: sql<number>`count(*)::int` }).from(servizioXCittadino).where(eq(servizioXCittadino.codInserimento, jobUuid))
    expect(links!.n).toBe(ROWS - 37)
    const surveys = await db.select({ stato: questionarioCompilato.stato, n: sql<number>`count(*)::int` }).from(questionarioCompilato)
      .where(eq(questionarioCompilato.codInserimento, jobUuid)).groupBy(questionarioCompilato.stato)
    expect(surveys).toEqual([{ stato: 'COMPILATA', n: ROWS - 37 }])
    const [services] = await db.select({ n: sql<number>`count(*)::int`, attivi: sql<number>`(count(*) filter (where ${servizio.stato} = 'ATTIVO'))::int` })
      .from(servizio).where(eq(servizio.codInserimento, jobUuid))
    expect(services).toEqual({ n: job.serviziCaricati, attivi: job.serviziCaricati })
    // groups of 4 rows make one service: about a quarter of the rows
    expect(job.serviziCaricati).toBeGreaterThan(2400)
    expect(job.serviziCaricati).toBeLessThan(2560)

    // the lists: the facilitator's services list and citizens registry grow by what the job created
    const after = await totals()
    expect(after.servizi - before.servizi).toBe(job.serviziCaricati)
    const [citizens] = await db.select({ n: sql<number>`count(distinct ${servizioXCittadino.idCittadino})::int` }).from(servizioXCittadino)
      .where(eq(servizioXCittadino.codInserimento, jobUuid))
    expect(after.cittadini - before.cittadini).toBe(citizens!.n)
    // every 10th row brings back a citizen of an earlier row: fewer citizens than rows
    expect(citizens!.n).toBeLessThan(ROWS - 37 - 900)

    // Q2 of each survey: 'No' exactly for the good rows whose citizen an earlier good row already brought
    const visti = new Set<string>()
    let ritorni = 0
    righe.forEach((r, i) => {
      if (cattive.has(i)) return
      if (visti.has(r.AN3)) ritorni++
      visti.add(r.AN3)
    })
    const [q2] = await db.select({ no: sql<number>`(count(*) filter (where (select p::text from jsonb_array_elements(${questionarioCompilato.sezioni}) p
      where p->>'id' = 'anagraphic-booking-section') like '%"No"%'))::int` }).from(questionarioCompilato).where(eq(questionarioCompilato.codInserimento, jobUuid))
    expect(ritorni).toBeGreaterThan(900)
    expect(q2!.no).toBe(ritorni)

    // the report: 10,000 lines; exactly the 37 bad rows rejected, each with its reason
    const report = await call(ctx.server, ctx.regp, 'POST', `/api/registroAttivita/${job.id}/report`)
    expect(report.statusCode).toBe(200)
    const lines = Papa.parse<string[]>(report.body.replace(/^\uFEFF/, '').trim(), { delimiter: ';', newline: '\r\n' }).data.slice(1)
    expect(lines).toHaveLength(ROWS)
    const rejected = lines.filter((l) => l[1] === 'Scartata')
    expect(rejected.map((l) => Number(l[0]))).toEqual([...cattive.keys()].map((i) => i + 2))
    for (const l of rejected) expect(l[2]).toMatch(MOTIVI[cattive.get(Number(l[0]) - 2)!])
    expect(lines.filter((l) => l[1] === 'Caricata').every((l) => /^\d+$/.test(l[3]!))).toBe(true)
  })

  /** Totals of the services list and citizens registry of the facilitator every row names. */
  async function totals(): Promise<{ servizi: number; cittadini: number }> {
    const s = await call(ctx.server, ctx.sara, 'POST', '/api/servizio/all?currPage=0&pageSize=1')
    const c = await call(ctx.server, ctx.sara, 'POST', '/api/cittadino/all?currPage=0&pageSize=1')
    expect(s.statusCode, s.body).toBe(200)
    expect(c.statusCode, c.body).toBe(200)
    return { servizi: (s.json() as { numeroTotaleElementi: number }).numeroTotaleElementi, cittadini: (c.json() as { numeroTotaleElementi: number }).numeroTotaleElementi }
  }
}, 600_000)
