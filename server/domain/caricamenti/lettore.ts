/**
 * Reads a mass-upload file row by row, streaming (issue 10 point 5; platform-frontend §7.4), with
 * maintained libraries and never the whole file in memory:
 * - CSV: the bytes are decoded as UTF-8 by a fatal `TextDecoder` (a BOM is accepted and dropped; UTF-16
 *   or any byte sequence that is not UTF-8 refuses the file with an Italian message), then parsed by
 *   PapaParse's Node stream (`;`, `,` or tab guessed, `"` quotes). Cells starting with `=` are plain text;
 * - XLSX: the zip container is checked first with yauzl — at most `LIMITI.maxVociZip` entries, and every
 *   entry actually inflated and counted against `LIMITI.maxBytesEspansi` (a zip bomb is refused before
 *   any parsing) — then the first worksheet is streamed by exceljs's `WorkbookReader`. The header row is
 *   the first row (or one of the first 5: the reference's SCD files had 3 rows of notes above it). Formula
 *   cells are reported per row (`formule`), never evaluated; dates become 'YYYY-MM-DD', times 'H:MM'.
 * Both: the header must hold exactly the 33 columns of tracciato.ts (any order); a row with another
 * number of cells is reported (`campi`); blank rows are skipped; more than `LIMITI.maxRighe` data rows
 * refuse the file. File-level problems throw {@link FileRifiutato}.
 */
import { createReadStream } from 'node:fs'
import { Transform, type TransformCallback } from 'node:stream'
import ExcelJS from 'exceljs'
import Papa from 'papaparse'
import yauzl from 'yauzl'
import { COLONNE, LIMITI, type Colonna, type Riga } from './tracciato'

/** A file refused as a whole; `message` is Italian and says what to fix. */
export class FileRifiutato extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'FileRifiutato'
  }
}

export type Formato = 'csv' | 'xlsx'

/** A data row as read: its number in the file (the header row is 1 in a CSV), values and problems. */
export interface RigaLetta {
  numero: number
  valori: Riga
  /** columns holding a formula (XLSX), in file order */
  formule: Colonna[]
  /** cells in the row when not 33 (CSV), else null */
  campi: number | null
}

const NOT_UTF8 = 'Il file non è codificato in UTF-8: salvalo come "CSV UTF-8" (in Excel: Salva con nome → CSV UTF-8) e caricalo di nuovo.'

/** Decodes a byte stream as strict UTF-8 (BOM dropped); refuses UTF-16 and invalid sequences. */
class Utf8Strict extends Transform {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true })
  private first = true
  constructor() { super({ decodeStrings: true, readableObjectMode: false }) }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    if (this.first) {
      this.first = false
      if (chunk.length >= 2 && ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff))) {
        return done(new FileRifiutato(NOT_UTF8))
      }
    }
    try {
      done(null, this.decoder.decode(chunk, { stream: true }))
    } catch {
      done(new FileRifiutato(NOT_UTF8))
    }
  }
  override _flush(done: TransformCallback): void {
    try {
      done(null, this.decoder.decode())
    } catch {
      done(new FileRifiutato(NOT_UTF8))
    }
  }
}

/** Column positions of a header row; throws FileRifiutato naming what is missing or unknown. */
export function mappaIntestazione(cells: readonly string[]): Map<Colonna, number> {
  const names = cells.map((c) => c.replace(/^\uFEFF/, '').replace(/^"|"$/g, '').trim())
  const known = new Set<string>(COLONNE)
  const map = new Map<Colonna, number>()
  const duplicated: string[] = []
  names.forEach((name, i) => {
    if (!known.has(name)) return
    if (map.has(name as Colonna)) duplicated.push(name)
    else map.set(name as Colonna, i)
  })
  const missing = COLONNE.filter((c) => !map.has(c))
  const unknown = names.filter((n) => n !== '' && !known.has(n))
  if (missing.length > 0 || unknown.length > 0 || duplicated.length > 0) {
    const parts: string[] = []
    if (missing.length > 0) parts.push(`mancano le colonne ${missing.join(', ')}`)
    if (unknown.length > 0) parts.push(`colonne non previste: ${unknown.slice(0, 10).join(', ')}`)
    if (duplicated.length > 0) parts.push(`colonne ripetute: ${duplicated.join(', ')}`)
    throw new FileRifiutato(`L'intestazione del file non è quella del modello: ${parts.join('; ')}. Scarica il modello e usa le sue 33 colonne.`)
  }
  return map
}

function rigaDa(cells: readonly string[], map: Map<Colonna, number>): Riga {
  const r = {} as Riga
  for (const c of COLONNE) r[c] = (cells[map.get(c) as number] ?? '').replace(/^"+|"+$/g, '').trim()
  return r
}

/** The limits a read applies (tracciato.ts LIMITI; tests pass smaller ones). */
export interface Limiti { maxRighe: number; maxVociZip: number; maxBytesEspansi: number }

const tooMany = (l: Limiti) => new FileRifiutato(`Il file supera il limite di ${l.maxRighe.toLocaleString('it-IT')} righe: dividilo in più file.`)

async function* righeCsv(path: string, limiti: Limiti): AsyncGenerator<RigaLetta> {
  const source = createReadStream(path)
  const text = source.pipe(new Utf8Strict())
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { header: false, skipEmptyLines: 'greedy', delimitersToGuess: [';', ',', '\t'] })
  text.on('error', (err) => parser.destroy(err))
  text.pipe(parser)
  let map: Map<Colonna, number> | undefined
  let numero = 0
  let dati = 0
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      numero++
      if (!map) {
        map = mappaIntestazione(cells)
        continue
      }
      if (++dati > limiti.maxRighe) throw tooMany(limiti)
      yield { numero, valori: rigaDa(cells, map), formule: [], campi: cells.length === COLONNE.length ? null : cells.length }
    }
  } finally {
    source.destroy()
  }
  if (!map) throw new FileRifiutato('Il file è vuoto: manca la riga di intestazione.')
}

/** Checks the zip container of an XLSX (see the module comment); throws FileRifiutato. */
export function verificaZip(path: string, limiti: Limiti = LIMITI): Promise<void> {
  const notXlsx = () => new FileRifiutato('Il file non è un foglio XLSX valido.')
  const bomb = () => new FileRifiutato('Il file XLSX, una volta decompresso, supera i limiti consentiti: non può essere elaborato.')
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, validateEntrySizes: true, autoClose: true }, (err, zip) => {
      if (err || !zip) return reject(notXlsx())
      let entries = 0
      let total = 0
      let failed = false
      const fail = (e: Error) => {
        if (failed) return
        failed = true
        zip.close()
        reject(e)
      }
      zip.on('error', () => fail(notXlsx()))
      zip.on('end', () => { if (!failed) resolve() })
      zip.on('entry', (entry: yauzl.Entry) => {
        if (++entries > limiti.maxVociZip) return fail(bomb())
        if (entry.uncompressedSize > limiti.maxBytesEspansi || total + entry.uncompressedSize > limiti.maxBytesEspansi) return fail(bomb())
        if (/\/$/.test(entry.fileName)) return zip.readEntry()
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return fail(notXlsx())
          stream.on('data', (chunk: Buffer) => {
            total += chunk.length
            if (total > limiti.maxBytesEspansi) {
              stream.destroy()
              fail(bomb())
            }
          })
          stream.on('error', () => fail(bomb()))
          stream.on('end', () => { if (!failed) zip.readEntry() })
        })
      })
      zip.readEntry()
    })
  })
}

const pad2 = (n: number) => String(n).padStart(2, '0')

/** The text of an exceljs cell value; `formula` true when the cell holds a formula. */
export function testoCella(value: unknown): { text: string; formula: boolean } {
  if (value === null || value === undefined) return { text: '', formula: false }
  if (typeof value === 'string') return { text: value, formula: false }
  if (typeof value === 'number') return { text: String(value), formula: false }
  if (typeof value === 'boolean') return { text: value ? 'SI' : 'NO', formula: false }
  if (value instanceof Date) {
    if (value.getUTCFullYear() < 1901) return { text: `${value.getUTCHours()}:${pad2(value.getUTCMinutes())}`, formula: false }
    return { text: value.toISOString().slice(0, 10), formula: false }
  }
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>
    if ('formula' in v || 'sharedFormula' in v) return { text: '', formula: true }
    if (Array.isArray(v.richText)) return { text: (v.richText as { text?: string }[]).map((t) => t.text ?? '').join(''), formula: false }
    if (typeof v.text === 'string') return { text: v.text, formula: false }
    if ('error' in v) return { text: '', formula: false }
  }
  return { text: String(value), formula: false }
}

async function* righeXlsx(path: string, limiti: Limiti): AsyncGenerator<RigaLetta> {
  await verificaZip(path, limiti)
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', entries: 'ignore',
  })
  let map: Map<Colonna, number> | undefined
  let dati = 0
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const raw = (row.values as unknown[]).slice(1)
        const cells = raw.map((v) => testoCella(v))
        const texts = cells.map((c) => c.text.trim())
        if (texts.every((t) => t === '') && !cells.some((c) => c.formula)) continue
        if (!map) {
          if (row.number > 5) break
          if (texts[0]?.replace(/^\uFEFF/, '') !== COLONNE[0] && row.number < 5) continue
          map = mappaIntestazione(texts)
          continue
        }
        if (++dati > limiti.maxRighe) throw tooMany(limiti)
        const formule = COLONNE.filter((c) => cells[map!.get(c) as number]?.formula === true)
        yield { numero: row.number, valori: rigaDa(texts, map), formule, campi: null }
      }
      break // the first worksheet only
    }
  } catch (err) {
    if (err instanceof FileRifiutato) throw err
    throw new FileRifiutato('Il file non è un foglio XLSX leggibile.')
  }
  if (!map) throw new FileRifiutato('Nel primo foglio del file manca la riga di intestazione del modello.')
}

/** The data rows of a file, in file order (see the module comment); throws FileRifiutato. */
export function leggiRighe(path: string, formato: Formato, limiti: Limiti = LIMITI): AsyncGenerator<RigaLetta> {
  return formato === 'csv' ? righeCsv(path, limiti) : righeXlsx(path, limiti)
}

/** Reads the whole file once, checking it; resolves to its number of data rows. Throws FileRifiutato. */
export async function verificaFile(path: string, formato: Formato, limiti: Limiti = LIMITI): Promise<number> {
  let n = 0
  for await (const _riga of leggiRighe(path, formato, limiti)) n++
  if (n === 0) throw new FileRifiutato('Il file non contiene righe di dati.')
  return n
}
