// @vitest-environment node
/**
 * The list CSVs open correctly in LibreOffice Calc (issue 9, LibreOffice criterion; spec 002 §7 "CSV export
 * may use semicolon separators"; src/lib/csv.ts): each list's download (programmes, projects, bodies,
 * users, services) is fetched from a test server holding names with accents, `;` and `"` inside fields and a
 * leading `=`, `+`, `-` or `@`; ONE `soffice --headless --convert-to fods` run (CSV import filter: `;` separator,
 * `"` quotes, UTF-8, from row 1) converts them all, and the flat ODS is read back: every cell holds the text
 * written (the neutralised ones with their leading apostrophe), as a string, and no cell is a formula.
 *
 * The issue-10 CSVs the same way: the citizens registry, the survey templates, the roles, the minors
 * configuration, the mass-upload jobs and a job's result report.
 *
 * Needs LibreOffice (`soffice`, Debian package libreoffice-calc-nogui; .ci/run installs it). Without it the
 * test is skipped with a message, except in CI (CI set), where it fails.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  cittadino, configurazioneMinorenni, ente, entePartner, programma, progetto, questionarioTemplate, registroAttivita, registroAttivitaRiga, ruolo, sede,
  servizio, servizioXCittadino, utente, utenteXRuolo,
} from '../../../server/db/schema'
import { newCitizenId } from '../../../server/db/citizen-id'
import { nominativo } from '../../../server/domain/servizi'
import { createTestServer, tempDir, type TestServer } from '../helpers'
import { actor, call, CF, createService, RUN, type Actor } from '../field/fixtures'

function sofficeVersion(): string | null {
  try {
    return execFileSync('soffice', ['--version'], { encoding: 'utf8', timeout: 60_000 }).trim()
  } catch {
    return null
  }
}

const SOFFICE = sofficeVersion()
const IN_CI = Boolean(process.env.CI)
if (!SOFFICE && !IN_CI) {
  console.warn('csv-libreoffice: soffice (LibreOffice) non trovato, test saltato. Installa libreoffice-calc-nogui per eseguirlo.')
}

/** The cells of a flat ODS (fods) document, sheet 1: rows of `{text, type, formula}`. */
interface Cell { text: string; type: string | undefined; formula: string | undefined }

const unescapeXml = (s: string) => s.replace(/<text:s(?: text:c="(\d+)")?\/>/g, (_, n: string | undefined) => ' '.repeat(Number(n ?? 1)))
  .replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&')

function fodsRows(xml: string): Cell[][] {
  const rows: Cell[][] = []
  for (const row of xml.matchAll(/<table:table-row\b[^>]*>([\s\S]*?)<\/table:table-row>/g)) {
    const cells: Cell[] = []
    for (const m of (row[1] ?? '').matchAll(/<table:table-cell\b([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g)) {
      const attrs = m[1] ?? ''
      const repeat = Number(/table:number-columns-repeated="(\d+)"/.exec(attrs)?.[1] ?? 1)
      const paragraphs = [...(m[2] ?? '').matchAll(/<text:p>([\s\S]*?)<\/text:p>/g)].map((p) => unescapeXml(p[1] ?? ''))
      const cell = { text: paragraphs.join('\n'), type: /office:value-type="([^"]+)"/.exec(attrs)?.[1], formula: /table:formula="([^"]+)"/.exec(attrs)?.[1] }
      for (let i = 0; i < Math.min(repeat, 50); i++) cells.push(cell)
    }
    rows.push(cells)
  }
  return rows
}

describe.skipIf(!SOFFICE && !IN_CI)('list CSVs in LibreOffice Calc', () => {
  let server: TestServer
  let dtd: Actor
  const dir = tempDir('csv-lo')
  const T = `Zq${RUN}`
  // the tricky values, by list; `neutral` = starts with = + - @ (the file carries a leading apostrophe)
  const names = {
    ente: `=SOMMA(1;2) Società ${T}`,
    enteBreve: '@Breve; Sì',
    programma: `+Programma Forlì; "pilota" ${T}`,
    programmaBreve: '-Città',
    codice: `=C${RUN}`,
    progetto: `-Progetto Perù ${T}`,
    progettoBreve: 'Più; già',
    cognome: `=Pérez; ${T}`,
    nome: 'Nicolò',
    servizio: `@Caffè; «digitale» =1+1 ${T}`,
  }
  const ids: Record<string, number> = {}

  beforeAll(async () => {
    if (!SOFFICE) return
    server = await createTestServer()
    const db = server.database.db
    dtd = await actor(server, CF.DTD, 'DTD')
    const [e] = await db.insert(ente).values({ nome: names.ente, nomeBreve: names.enteBreve, partitaIva: `9${String(Date.now()).slice(-10)}`, tipologia: 'Associazione' }).returning({ id: ente.id })
    ids.ente = e!.id
    const [p] = await db.insert(programma).values({
      nome: names.programma, nomeBreve: names.programmaBreve, codice: names.codice, policy: 'RFD', idEnteGestoreProgramma: e!.id,
      dataInizioProgramma: '2025-01-01', dataFineProgramma: '2027-12-31',
    }).returning({ id: programma.id })
    ids.programma = p!.id
    const [pr] = await db.insert(progetto).values({
      nome: names.progetto, nomeBreve: names.progettoBreve, idProgramma: p!.id, idEnteGestoreProgetto: e!.id,
      dataInizioProgetto: '2025-01-01', dataFineProgetto: '2026-12-31',
    }).returning({ id: progetto.id })
    ids.progetto = pr!.id
    await db.insert(entePartner).values({ idProgetto: pr!.id, idEnte: e!.id })
    const [u] = await db.insert(utente).values({ codiceFiscale: `LBRFFC${RUN}0000`.slice(0, 16), nome: names.nome, cognome: names.cognome }).returning({ id: utente.id })
    ids.utente = u!.id
    await db.insert(utenteXRuolo).values({ idUtente: u!.id, codiceRuolo: 'FAC' })
    const [s] = await db.insert(sede).values({ nome: `Sede ${T}` }).returning({ id: sede.id })
    const [sv] = await db.insert(servizio).values({
      nome: names.servizio, dataServizio: '2025-03-10', durataServizio: '1:30', tipologiaServizio: 'Facilitazione individuale', stato: 'ATTIVO',
      idEnte: e!.id, idSede: s!.id, idProgetto: pr!.id, idFacilitatore: u!.id,
    }).returning({ id: servizio.id })
    ids.servizio = sv!.id
  }, 60_000)
  afterAll(async () => {
    await server?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('LibreOffice is installed (required in CI)', () => {
    if (!SOFFICE) throw new Error('soffice (LibreOffice) assente: in CI è obbligatorio (apt-get install libreoffice-calc-nogui)')
  })

  it.runIf(SOFFICE)('converts all five CSVs with one soffice run and reads the cells back', async () => {
    const lists = [
      { entity: 'programma', filtro: { filtroCriterioRicerca: T } },
      { entity: 'progetto', filtro: { filtroCriterioRicerca: T } },
      { entity: 'ente', filtro: { criterioRicerca: T } },
      { entity: 'utente', filtro: { criterioRicerca: T } },
      { entity: 'servizio', filtro: { criterioRicerca: T } },
    ]
    const files: string[] = []
    for (const l of lists) {
      const res = await call(server, dtd, 'POST', `/api/${l.entity}/download`, { body: { filtroRequest: l.filtro } })
      expect(res.statusCode, l.entity).toBe(200)
      const file = join(dir, `${l.entity}.csv`)
      writeFileSync(file, res.rawPayload)
      files.push(file)
    }
    const out = join(dir, 'out')
    mkdirSync(out)
    execFileSync('soffice', [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--convert-to', 'fods',
      '--infilter=CSV:59,34,76,1', '--outdir', out, ...files], { stdio: 'ignore', timeout: 120_000 })

    const sheet = (entity: string) => {
      const xml = readFileSync(join(out, `${entity}.fods`), 'utf8')
      expect(xml, `${entity}: a formula cell`).not.toMatch(/table:formula=/)
      const rows = fodsRows(xml)
      const row = rows.find((r) => r[0]?.text === String(ids[entity]))
      expect(row, `${entity}: row ${ids[entity]} in ${JSON.stringify(rows.map((r) => r[0]?.text))}`).toBeDefined()
      return { header: rows[0]!.map((c) => c.text), row: row! }
    }
    const neutral = (text: string) => (/^[=+\-@]/.test(text) ? `'${text}` : text)
    const texts = (row: Cell[], n: number) => row.slice(0, n).map((c) => c.text)

    const prg = sheet('programma')
    expect(prg.header.slice(0, 4)).toEqual(['ID', 'Nome', 'Nome breve', 'Codice'])
    expect(texts(prg.row, 6)).toEqual([String(ids.programma), neutral(names.programma), neutral(names.programmaBreve), neutral(names.codice), 'RFD', neutral(names.ente)])
    const prgt = sheet('progetto')
    expect(texts(prgt.row, 6)).toEqual([String(ids.progetto), neutral(names.progetto), names.progettoBreve, neutral(names.programma), 'RFD', neutral(names.ente)])
    const en = sheet('ente')
    expect(texts(en.row, 4)).toEqual([String(ids.ente), neutral(names.ente), neutral(names.enteBreve), 'Associazione'])
    const ut = sheet('utente')
    expect(texts(ut.row, 4)).toEqual([String(ids.utente), neutral(`${names.cognome} ${names.nome}`), `LBRFFC${RUN}0000`.slice(0, 16), 'FAC'])
    const sv = sheet('servizio')
    expect(sv.header[1]).toBe('NOME')
    expect(sv.row[1]?.text).toBe(neutral(names.servizio))
    expect(sv.row[1]?.type).toBe('string')
    expect(sv.row[2]?.text).toBe(neutral(nominativo(names.nome, names.cognome)))
    for (const cell of [prg.row[1], prg.row[3], en.row[1], ut.row[1], sv.row[1]]) expect(cell?.type).toBe('string')
  }, 180_000)
  it.runIf(SOFFICE)('converts the issue-10 CSVs (citizens, templates, roles, minors, jobs, job report) and reads the cells back', async () => {
    const db = server.database.db
    const mask = 'RSS*********501U'
    const idCittadino = newCitizenId()
    await db.insert(cittadino).values({ id: idCittadino, identificativoMascherato: mask, genere: 'Donna', fasciaDiEtaId: 2 })
    // the registry's CSV is a facilitator's download (list.dwnl.citt): a citizen on one of Sara's services
    const sara = await actor(server, CF.SARA, 'FAC')
    await db.insert(servizioXCittadino).values({ idCittadino, idServizio: await createService(server, sara) })
    const tricky = {
      template: `=Questionario «Sì»; "nuovo" ${T}`,
      ruolo: `+Ruolo; città ${T}`,
      operatore: `@Referente; Nicolò ${T}`,
      nota: `-campi obbligatori mancanti: SE1; "AN9" ${T}`,
      facilitatore: '=SOMMA(1;2)',
      nominativo: 'Pérez; «Sì»',
    }
    const [tpl] = await db.insert(questionarioTemplate).values({ nome: tricky.template, stato: 'ATTIVO', sezioni: [] }).returning({ id: questionarioTemplate.id })
    const codiceRuolo = `Z${RUN}`
    await db.insert(ruolo).values({ codice: codiceRuolo, nome: tricky.ruolo, stato: 'ATTIVO' })
    await db.insert(configurazioneMinorenni).values({ idProgramma: ids.programma!, intervento: 'RFD', dataAbilitazione: '2025-01-01', dataDecorrenza: '2025-02-01' })
    const [job] = await db.insert(registroAttivita).values({
      idProgetto: ids.progetto, idEnte: ids.ente, idProgramma: ids.programma, operatore: tricky.operatore, jobUuid: `${RUN.toLowerCase()}`.padEnd(32, '0').replace(/[^0-9a-f]/g, 'a'),
      jobStatus: 'SUCCESS', estensioneInput: 'csv', totaleRigheFile: 2, righeScartate: 1, serviziAcquisiti: 1, cittadiniAggiunti: 1, rilevazioneDiEsperienzaCompilate: 1,
    }).returning({ id: registroAttivita.id })
    await db.insert(registroAttivitaRiga).values([
      { idRegistroAttivita: job!.id, numeroRiga: 2, esito: 'CARICATA', idServizio: ids.servizio, servizioNuovo: true, questionarioCompilato: true },
      { idRegistroAttivita: job!.id, numeroRiga: 3, esito: 'SCARTATA', note: tricky.nota, valori: { IDFacilitatore: tricky.facilitatore, NominativoFacilitatore: tricky.nominativo, SE1: '' } },
    ])
    const downloads = [
      { name: 'cittadino', url: '/api/cittadino/download', body: { ...sara.ids, filtroRequest: { criterioRicerca: String(idCittadino) } }, who: sara },
      { name: 'questionarioTemplate', url: '/api/questionarioTemplate/download', body: { filtroRequest: { filtroCriterioRicerca: T } } },
      { name: 'ruolo', url: '/api/ruolo/download', body: { filtroRequest: { criterioRicerca: T } } },
      { name: 'configurazioneminorenni', url: '/api/configurazioneminorenni/download', body: { filtroRequest: { criterioRicerca: T } } },
      { name: 'monitoraggiocaricamenti', url: '/api/monitoraggiocaricamenti/download', body: { filtroRequest: { filtroCriterioRicerca: T } } },
      { name: 'report', url: `/api/registroAttivita/${job!.id}/report`, body: {} },
    ]
    const files: string[] = []
    for (const d of downloads) {
      const res = await call(server, ('who' in d && d.who) || dtd, 'POST', d.url, { body: d.body })
      expect(res.statusCode, `${d.name}: ${res.body}`).toBe(200)
      const file = join(dir, `${d.name}.csv`)
      writeFileSync(file, res.rawPayload)
      files.push(file)
    }
    const out = join(dir, 'out10')
    mkdirSync(out)
    execFileSync('soffice', [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--convert-to', 'fods',
      '--infilter=CSV:59,34,76,1', '--outdir', out, ...files], { stdio: 'ignore', timeout: 120_000 })
    const rowsOf = (name: string) => {
      const xml = readFileSync(join(out, `${name}.fods`), 'utf8')
      expect(xml, `${name}: a formula cell`).not.toMatch(/table:formula=/)
      return fodsRows(xml)
    }
    const neutral = (text: string) => (/^[=+\-@]/.test(text) ? `'${text}` : text)
    const find = (rows: Cell[][], first: string) => {
      const row = rows.find((r) => r[0]?.text === first)
      expect(row, `row ${first} in ${JSON.stringify(rows.map((r) => r[0]?.text))}`).toBeDefined()
      return row!
    }

    const citt = rowsOf('cittadino')
    expect(citt[0]!.slice(0, 4).map((c) => c.text)).toEqual(['ID', 'Codice fiscale o documento', 'Numero servizi', 'Questionari compilati'])
    // the citizen's id (16 digits, beyond a spreadsheet number's 15) must come back exact
    const c = find(citt, String(idCittadino))
    expect(c.slice(1, 4).map((x) => x.text)).toEqual([mask, '1', '0'])
    const tplRow = find(rowsOf('questionarioTemplate'), tpl!.id)
    expect(tplRow[1]?.text).toBe(neutral(tricky.template))
    expect(tplRow[1]?.type).toBe('string')
    const ruoloRow = find(rowsOf('ruolo'), codiceRuolo)
    expect(ruoloRow.slice(0, 3).map((x) => x.text)).toEqual([codiceRuolo, neutral(tricky.ruolo), 'Personalizzato'])
    const minRows = rowsOf('configurazioneminorenni')
    const minRow = minRows.find((r) => r[1]?.text === neutral(names.programma))
    expect(minRow, JSON.stringify(minRows.map((r) => r[1]?.text))).toBeDefined()
    expect(minRow![2]?.text).toBe('RFD')
    const jobRow = find(rowsOf('monitoraggiocaricamenti'), String(job!.id))
    expect(jobRow[2]?.text).toBe(neutral(names.ente))
    expect(jobRow[4]?.text).toBe(neutral(names.programma))
    expect(jobRow[5]?.text).toBe(neutral(names.progetto))
    expect(jobRow[6]?.text).toBe(neutral(tricky.operatore))
    expect(jobRow[11]?.text).toBe('Completato')
    const report = rowsOf('report')
    expect(report[0]!.slice(0, 5).map((x) => x.text)).toEqual(['numeroRiga', 'Esito', 'Motivo', 'ID servizio', 'IDFacilitatore'])
    expect(find(report, '2').slice(1, 4).map((x) => x.text)).toEqual(['Caricata', '', String(ids.servizio)])
    const scartata = find(report, '3')
    expect(scartata.slice(1, 6).map((x) => x.text)).toEqual(['Scartata', neutral(tricky.nota), '', neutral(tricky.facilitatore), tricky.nominativo])
    for (const cell of [tplRow[1], ruoloRow[1], jobRow[6], scartata[2], scartata[4], scartata[5]]) expect(cell?.type).toBe('string')
  }, 180_000)
})
