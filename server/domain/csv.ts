/**
 * A tiny CSV encoder for the list downloads (spec 002 §7 "CSV export may use semicolon separators";
 * platform-frontend §10.3, fixed): semicolon separator, CRLF line ends, a UTF-8 BOM so Excel opens
 * accented text correctly, RFC 4180 quoting (a field with the separator, a quote, a line break or
 * leading/trailing spaces is quoted, quotes doubled), and spreadsheet-formula neutralisation (a text
 * field starting with = + - @ tab or CR gets a leading apostrophe).
 */

export type CsvValue = string | number | null | undefined

export const CSV_BOM = '\uFEFF'
const FORMULA_START = /^[=+\-@\t\r]/

/** One field, quoted when needed. Numbers are written as they are; null/undefined as empty. */
export function csvField(value: CsvValue, separator = ';'): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return String(value)
  let text = value
  if (FORMULA_START.test(text)) text = `'${text}`
  const needsQuotes = text.includes(separator) || text.includes('"') || /[\r\n]/.test(text) || text !== text.trim()
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text
}

/** The whole file: BOM, header row, data rows, each line ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly CsvValue[][], separator = ';'): string {
  const line = (cells: readonly CsvValue[]) => cells.map((c) => csvField(c, separator)).join(separator)
  return CSV_BOM + [line(header), ...rows.map(line)].map((l) => `${l}\r\n`).join('')
}
