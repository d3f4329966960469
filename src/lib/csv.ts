/**
 * The one CSV encoder of the product (issue 26 point 7): the server's exports (lists, mass-upload template
 * and report, open data) and the client's downloads (usage counts, 'Report dati' tables) all write with it.
 * Rules (spec 002 §7 "CSV export may use semicolon separators"; platform-frontend §10.3, fixed):
 * - `;` separator, CRLF after every line (the last one too), a UTF-8 BOM first so Excel opens accented text;
 * - RFC 4180 quoting: a field holding the separator, a quote, a line break or leading/trailing spaces is
 *   quoted, its quotes doubled;
 * - spreadsheet-formula neutralisation: a text field starting with = + - @ tab or carriage return gets a
 *   leading apostrophe (numbers are written as they are, so a negative number stays a number);
 * - null/undefined are empty fields.
 * Pure; shared by the server (imported from src/lib) and the client.
 */

export type CsvValue = string | number | null | undefined

/** The UTF-8 byte order mark every file starts with. */
export const CSV_BOM = '\uFEFF'
/** The separator of every file. */
export const CSV_SEPARATOR = ';'
const FORMULA_START = /^[=+\-@\t\r]/

/** One field, neutralised and quoted when needed (see the module comment). */
export function csvField(value: CsvValue, separator = CSV_SEPARATOR): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return String(value)
  let text = value
  if (FORMULA_START.test(text)) text = `'${text}`
  const needsQuotes = text.includes(separator) || text.includes('"') || /[\r\n]/.test(text) || text !== text.trim()
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text
}

/** One line: the fields joined by the separator, ended by CRLF (streamed exports write line by line). */
export function csvLine(cells: readonly CsvValue[], separator = CSV_SEPARATOR): string {
  return `${cells.map((c) => csvField(c, separator)).join(separator)}\r\n`
}

/** The whole file: BOM, header line, data lines. */
export function toCsv(header: readonly CsvValue[], rows: readonly (readonly CsvValue[])[], separator = CSV_SEPARATOR): string {
  return CSV_BOM + [header, ...rows].map((cells) => csvLine(cells, separator)).join('')
}
