// @vitest-environment node
/**
 * Hostile files of the mass upload (issue 10 point 5): wrong encoding, UTF-16, a header that is not the
 * template's, too many rows, a zip bomb (entries inflated beyond the cap, too many entries, not a zip),
 * formula cells, rows with a wrong number of cells, files over 50 MB — each refused with an Italian
 * message, and through the route nothing is written (no job, no file left behind).
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registroAttivita } from '../../../server/db/schema'
import { FileRifiutato, leggiRighe, testoCella, verificaFile, verificaZip } from '../../../server/domain/caricamenti/lettore'
import { COLONNE, LIMITI } from '../../../server/domain/caricamenti/tracciato'
import { MEDIA_TYPE } from '../../../src/api/contract/caricamenti'
import { createTestServer, TEST_HOST, tempDir, type TestServer } from '../helpers'
import { actor, CF, type Actor } from '../field/fixtures'
import { csvText, riga, upload, writeXlsx } from './fixtures'

const dir = tempDir('ostili')
const file = (name: string, content: string | Buffer) => {
  const p = join(dir, name)
  writeFileSync(p, content)
  return p
}
const rows = (n: number) => Array.from({ length: n }, (_, i) => riga(CF.SARA, 1, 'RSSMRA80A01H501U', i, { SE7: `riga ${i}` }))
async function all(path: string, formato: 'csv' | 'xlsx', limiti = LIMITI) {
  const out = []
  for await (const r of leggiRighe(path, formato, limiti)) out.push(r)
  return out
}

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('reading files', () => {
  it('reads a CSV with BOM and ";" or without BOM and ","', async () => {
    const a = await all(file('a.csv', csvText(rows(2))), 'csv')
    expect(a.map((r) => [r.numero, r.valori.SE7, r.campi])).toEqual([[2, 'riga 0', null], [3, 'riga 1', null]])
    const comma = [COLONNE.join(','), COLONNE.map((c) => (c === 'SE7' ? 'testo, con virgola' : rows(1)[0]![c])).map((v) => (v.includes(',') ? `"${v}"` : v)).join(',')].join('\n')
    const b = await all(file('b.csv', comma), 'csv')
    expect(b[0]!.valori.SE7).toBe('testo, con virgola')
  })

  it('refuses a CSV that is not UTF-8 (Latin-1, UTF-16) with an Italian message', async () => {
    const latin1 = Buffer.from(csvText(rows(1), false).replace('riga 0', 'caffè'), 'latin1')
    await expect(verificaFile(file('l.csv', latin1), 'csv')).rejects.toThrow(/non è codificato in UTF-8/)
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csvText(rows(1), false), 'utf16le')])
    await expect(verificaFile(file('u.csv', utf16), 'csv')).rejects.toThrow(/UTF-8/)
  })

  it('refuses a header that is not the template, an empty file, too many rows', async () => {
    const text = csvText(rows(1)).replace('ES6', 'ES7')
    await expect(verificaFile(file('h.csv', text), 'csv')).rejects.toThrow(/mancano le colonne ES6; colonne non previste: ES7/)
    await expect(verificaFile(file('e.csv', ''), 'csv')).rejects.toThrow(FileRifiutato)
    await expect(verificaFile(file('n.csv', csvText([])), 'csv')).rejects.toThrow(/non contiene righe/)
    await expect(verificaFile(file('m.csv', csvText(rows(4))), 'csv', { ...LIMITI, maxRighe: 3 })).rejects.toThrow(/limite di 3 righe/)
  })

  it('reports a row with another number of cells, and takes "=…" in a CSV as text', async () => {
    const text = `${csvText(rows(1))}a;b;c\r\n`.replace('riga 0', '=HYPERLINK("x")')
    const read = await all(file('c.csv', text), 'csv')
    expect(read[0]!.valori.SE7).toBe('=HYPERLINK("x")')
    expect(read[1]!.campi).toBe(3)
  })

  it('reads an XLSX streaming, with formula cells flagged and never evaluated', async () => {
    const p = join(dir, 'x.xlsx')
    await writeXlsx(p, rows(3), { row: 2, col: 'SE2' })
    const read = await all(p, 'xlsx')
    expect(read.map((r) => [r.numero, r.formule])).toEqual([[2, []], [3, ['SE2']], [4, []]])
    expect(read[1]!.valori.SE2).toBe('')
    expect(testoCella({ sharedFormula: 'A1', result: 3 })).toEqual({ text: '', formula: true })
    expect(testoCella(new Date(Date.UTC(1899, 11, 30, 1, 30)))).toEqual({ text: '1:30', formula: false })
    expect(testoCella(new Date(Date.UTC(2025, 2, 14)))).toEqual({ text: '2025-03-14', formula: false })
  })

  it('refuses a zip bomb: entries inflated beyond the cap, too many entries, not a zip', async () => {
    const p = join(dir, 'z.xlsx')
    await writeXlsx(p, rows(50))
    await expect(verificaZip(p)).resolves.toBeUndefined()
    // the sheet inflates to far more than 20 KB: with a 20 KB cap the file is a bomb
    await expect(verificaZip(p, { ...LIMITI, maxBytesEspansi: 20_000 })).rejects.toThrow(/una volta decompresso, supera i limiti/)
    await expect(verificaZip(p, { ...LIMITI, maxVociZip: 2 })).rejects.toThrow(/supera i limiti/)
    await expect(verificaFile(file('nz.xlsx', 'not a zip'), 'xlsx')).rejects.toThrow(/non è un foglio XLSX valido/)
  })
})

describe('hostile uploads through the route', () => {
  let server: TestServer
  let regp: Actor
  let folder: string

  beforeAll(async () => {
    server = await createTestServer()
    regp = await actor(server, CF.REGP_ROMA, 'REGP')
    folder = join(server.config.dataDir, 'caricamenti')
  })
  afterAll(() => server?.close())

  const noTrace = async () => {
    expect(await server.database.db.select().from(registroAttivita)).toEqual([])
    expect(readdirSync(folder)).toEqual([])
  }

  it('answers 400 G02 with the reason and writes nothing', async () => {
    const latin1 = Buffer.from(csvText(rows(1), false).replace('riga 0', 'perché'), 'latin1')
    const res = await upload(server, regp, latin1, 'csv')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ errorCode: 'G02', message: expect.stringMatching(/UTF-8/) })
    await noTrace()
    const bomb = await upload(server, regp, 'PK\u0003\u0004garbage', 'xlsx')
    expect(bomb.json()).toMatchObject({ errorCode: 'G02', message: expect.stringMatching(/XLSX/) })
    await noTrace()
  })

  it('refuses more than 50 MB, declared or streamed', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024 + 1, 0x41)
    const declared = await upload(server, regp, big, 'csv')
    expect(declared.statusCode).toBe(413)
    expect(declared.json()).toMatchObject({ errorCode: 'G02', message: expect.stringMatching(/50 MB/) })
    const streamed = await server.app.inject({
      method: 'POST', url: `/api/caricamentoMassivo?idProgetto=${regp.ids.idProgetto}&idEnte=${regp.ids.idEnte}&formato=csv`,
      headers: { host: TEST_HOST, authToken: regp.token, userRole: regp.role, 'content-type': MEDIA_TYPE.csv, 'transfer-encoding': 'chunked' },
      payload: Readable.from((function* () { for (let i = 0; i < 51; i++) yield Buffer.alloc(1024 * 1024, 0x41) })()),
    })
    expect(streamed.statusCode).toBe(413)
    await noTrace()
  })

  it('refuses a JSON body or a missing format with 400 G02', async () => {
    const res = await server.app.inject({
      method: 'POST', url: `/api/caricamentoMassivo?idProgetto=${regp.ids.idProgetto}&idEnte=${regp.ids.idEnte}&formato=csv`,
      headers: { host: TEST_HOST, authToken: regp.token, userRole: regp.role }, payload: { a: 1 },
    })
    expect(res.json()).toMatchObject({ errorCode: 'G02' })
    const noFormat = await server.app.inject({
      method: 'POST', url: `/api/caricamentoMassivo?idProgetto=${regp.ids.idProgetto}&idEnte=${regp.ids.idEnte}`,
      headers: { host: TEST_HOST, authToken: regp.token, userRole: regp.role, 'content-type': MEDIA_TYPE.csv }, payload: 'x',
    })
    expect(noFormat.statusCode).toBe(400)
  })

  it('serves the templates with the exact 33 headers', async () => {
    const h = { host: TEST_HOST, authToken: regp.token, userRole: regp.role }
    const csv = await server.app.inject({ method: 'POST', url: '/api/caricamentoMassivo/modello/csv', headers: h, payload: { ...regp.ids } })
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(COLONNE.join(';'))
    const xlsx = await server.app.inject({ method: 'POST', url: '/api/caricamentoMassivo/modello/xlsx', headers: h, payload: { ...regp.ids } })
    const p = file('modello.xlsx', xlsx.rawPayload)
    const read = await all(p, 'xlsx')
    expect(read).toHaveLength(1)
    expect(read[0]!.valori.IDFacilitatore).toBe('RSSMRA80A01H501U')
    // the CSV template reads back as one row too
    expect(await verificaFile(file('modello.csv', csv.rawPayload), 'csv')).toBe(1)
    expect(readFileSync(p).subarray(0, 2).toString()).toBe('PK')
  })
})
