/**
 * Fixtures of the mass-upload tests: rows of the template's layout for a facilitator and site, files
 * written as CSV (text) or XLSX (exceljs's streaming writer, so large files cost little memory), the
 * upload call and waiting for the job.
 */
import { createWriteStream } from 'node:fs'
import m from 'codice-fiscale-js'
import ExcelJS from 'exceljs'
import type { LightMyRequestResponse } from 'fastify'
import { MEDIA_TYPE, type CaricamentoRiga } from '../../../src/api/contract/caricamenti'
import { COLONNE, type Riga } from '../../../server/domain/caricamenti/tracciato'
import { TEST_HOST, type TestServer } from '../helpers'
import type { Actor } from '../field/fixtures'

const CodiceFiscale = (m as unknown as { CodiceFiscale?: typeof m }).CodiceFiscale ?? m
const CONS = 'BCDFGHLMNPRSTVZ'
const MONTHS = 'ABCDEHLMPRST'

/**
 * A valid adult's fiscal code, distinct for each i < 3375 × 28 × 35 × 12 (name code `nome`), born in Rome
 * between 1960 and 1994, check character by codice-fiscale-js.
 */
export function codiceValido(i: number, nome = 'GLI'): string {
  const s = i % 3375
  const rest = Math.floor(i / 3375)
  const cognome = `${CONS[s % 15]}${CONS[Math.floor(s / 15) % 15]}${CONS[Math.floor(s / 225) % 15]}`
  const giorno = (rest % 28) + 1 + 40
  const base = `${cognome}${nome}${60 + (Math.floor(rest / 28) % 35)}${MONTHS[Math.floor(rest / 980) % 12]}${String(giorno).padStart(2, '0')}H501`
  return base + CodiceFiscale.getCheckCode(base)
}

/** A valid row for `cfFac` at site `idSede`: citizen `cf`, service of `data` (variants by `n`). */
export function riga(cfFac: string, idSede: number, cf: string, n = 0, over: Partial<Riga> = {}): Riga {
  const r = {} as Riga
  for (const c of COLONNE) r[c] = ''
  return Object.assign(r, {
    IDFacilitatore: cfFac, NominativoFacilitatore: 'Facilitatore', IDSede: String(idSede), NominativoSede: 'Sede',
    AN1: 'Anna', AN2: 'Rossi', AN3: cf, AN4: 'NO', AN7: 'A', AN8: '2', AN9: 'C', AN10: 'A', AN11: 'A', AN12: 'Roma',
    PR1: 'SI', SE1: '2025-03-10', SE2: `${1 + (n % 3)}:30`, SE3: n % 2 === 0 ? 'A' : 'A:B', SE4: 'A', SE5: '1:4', SE6: 'A:B', SE7: `Servizio ${n}`,
    ES1: 'A', ES2: 'F', ES3: 'A', ES4: 'Pagamenti online', ES5: 'C', ES6: '5',
  }, over)
}

const csvCell = (v: string) => (/[;"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)

/** A CSV file's text (';', CRLF, optional BOM). */
export function csvText(rows: Riga[], bom = true): string {
  const lines = [COLONNE.join(';'), ...rows.map((r) => COLONNE.map((c) => csvCell(r[c])).join(';'))]
  return (bom ? '\uFEFF' : '') + lines.join('\r\n') + '\r\n'
}

/** Writes an XLSX file (first sheet, header in row 1, text cells; `formula` puts a formula in a cell). */
export async function writeXlsx(path: string, rows: Iterable<Riga>, formula?: { row: number; col: (typeof COLONNE)[number] }): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: createWriteStream(path), useSharedStrings: false, useStyles: false })
  const sheet = wb.addWorksheet('Servizi')
  sheet.addRow([...COLONNE]).commit()
  let i = 0
  for (const r of rows) {
    i++
    const values: unknown[] = COLONNE.map((c) => r[c])
    if (formula && formula.row === i) values[COLONNE.indexOf(formula.col)] = { formula: 'SUM(1,1)', result: 2 }
    sheet.addRow(values).commit()
  }
  sheet.commit()
  await wb.commit()
}

/** Uploads `payload` as `who` into (idProgetto, idEnte) of `who`'s profile (or `ctx`). */
export function upload(server: TestServer, who: Actor, payload: Buffer | string, formato: 'csv' | 'xlsx',
  ctx: { idProgetto: number; idEnte: number } = { idProgetto: who.ids.idProgetto as number, idEnte: who.ids.idEnte as number }): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: 'POST', url: `/api/caricamentoMassivo?idProgetto=${ctx.idProgetto}&idEnte=${ctx.idEnte}&formato=${formato}`,
    headers: { host: TEST_HOST, authToken: who.token, userRole: who.role, 'content-type': MEDIA_TYPE[formato] }, payload,
  })
}

/** Polls the job until it leaves IN_PROGRESS (the runner works in the same process). */
export async function waitJob(server: TestServer, who: Actor, jobUuid: string): Promise<CaricamentoRiga> {
  await server.app.caricamenti.idle()
  const res = await server.app.inject({
    method: 'POST', url: `/api/registroAttivita/polling/${jobUuid}`,
    headers: { host: TEST_HOST, authToken: who.token, userRole: who.role }, payload: { ...who.ids },
  })
  if (res.statusCode !== 200) throw new Error(`polling ${res.statusCode} ${res.body}`)
  return res.json() as CaricamentoRiga
}
