// @vitest-environment node
/**
 * The one CSV encoder (src/lib/csv.ts; issue 26 point 7): RFC 4180 quoting, UTF-8 BOM, `;`, CRLF, formulas
 * neutralised including a leading tab or carriage return; and every writer of the product uses it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CSV_BOM, csvField, csvLine, toCsv } from '../../src/lib/csv'
import { csvDi } from '../../src/lib/report-dati'
import { utilizzoCsv } from '../../src/features/utilizzo/utilizzo-csv'

describe('csvField', () => {
  it('writes plain text, numbers and empty values as they are', () => {
    expect(csvField('semplice')).toBe('semplice')
    expect(csvField('Caffè è più')).toBe('Caffè è più')
    expect(csvField(42)).toBe('42')
    expect(csvField(-3.5)).toBe('-3.5')
    expect(csvField(0)).toBe('0')
    expect(csvField(null)).toBe('')
    expect(csvField(undefined)).toBe('')
    expect(csvField('')).toBe('')
  })

  it('quotes the separator, quotes, line breaks and surrounding spaces (RFC 4180), doubling quotes', () => {
    expect(csvField('a;b')).toBe('"a;b"')
    expect(csvField('a "b"')).toBe('"a ""b"""')
    expect(csvField('riga\nnuova')).toBe('"riga\nnuova"')
    expect(csvField('riga\r\nnuova')).toBe('"riga\r\nnuova"')
    expect(csvField(' spazio')).toBe('" spazio"')
    expect(csvField('spazio ')).toBe('"spazio "')
    expect(csvField('a,b')).toBe('a,b')
    expect(csvField('a,b', ',')).toBe('"a,b"')
  })

  it.each([
    ['=SOMMA(A1)', "'=SOMMA(A1)"],
    ['+39 06', "'+39 06"],
    ['-1+1', "'-1+1"],
    ['@cmd', "'@cmd"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "\"'\r=1+1\""],
    ['=a;b', "\"'=a;b\""],
  ])('neutralises a formula start: %j → %j', (input, output) => {
    expect(csvField(input)).toBe(output)
  })

  it('leaves formula characters inside the text alone', () => {
    expect(csvField('a=b')).toBe('a=b')
    expect(csvField('x-1')).toBe('x-1')
  })
})

describe('csvLine and toCsv', () => {
  it('ends every line with CRLF and starts the file with the UTF-8 BOM', () => {
    expect(CSV_BOM).toBe('\uFEFF')
    expect(csvLine(['a', 1, null, 'b;c'])).toBe('a;1;;"b;c"\r\n')
    expect(toCsv(['ID', 'NOME'], [[1, 'Caffè; digitale'], [2, null]])).toBe('\uFEFFID;NOME\r\n1;"Caffè; digitale"\r\n2;\r\n')
    expect(toCsv(['ID'], [])).toBe('\uFEFFID\r\n')
  })

  it('the client downloads write the same bytes as the encoder (BOM, neutralised tab)', () => {
    expect(csvDi({ headers: ['Valore', 'N'], rows: [['\t=1', 2]] })).toBe(toCsv(['Valore', 'N'], [['\t=1', 2]]))
    const csv = utilizzoCsv([{ periodo: 'totale', event: 'like', event_type: '\t=news', role_code: 'DTD', program_id: null, nomeProgramma: null, totale: 1 }])
    expect(csv).toBe("\uFEFFPeriodo;Evento;Tipo;Ruolo;Programma;Totale\r\nIntero periodo;Mi piace;'\t=news;DTD;Nessun programma;1\r\n")
  })
})

/** Every source file under `dir`. */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : []
  })
}

describe('one CSV encoder', () => {
  it('no other module quotes CSV fields or writes a BOM by hand', () => {
    const own = join('src', 'lib', 'csv.ts')
    const offending = [...files('src'), ...files('server')].filter((f) => {
      if (f === own) return false
      const text = readFileSync(f, 'utf8')
      const writesBom = /['"`]\\uFEFF/.test(text)
      const quotesFields = text.includes(`.replace(/"/g, '""')`) && text.includes(`join(';')`)
      return writesBom || quotesFields
    })
    expect(offending).toEqual([])
  })
})
