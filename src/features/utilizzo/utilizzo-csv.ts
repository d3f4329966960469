/**
 * CSV of the usage counts (issue 13; platform-frontend §10.3 style: semicolon-separated, CRLF, header row,
 * UTF-8 with BOM so Excel reads the accents). Pure.
 */
import type { RigaUtilizzo } from '../../api/contract/profilo'

export const EVENT_LABELS: Record<string, string> = { download: 'Download', like: 'Mi piace', chat: 'Apertura chat' }
export const PERIOD_LABEL = (p: string) => (p === 'totale' ? 'Intero periodo' : p)

const HEADER = ['Periodo', 'Evento', 'Tipo', 'Ruolo', 'Programma', 'Totale']

function cell(v: string | number | null): string {
  const s = v === null ? '' : String(v)
  // quoted when needed; a leading = + - @ is neutralised (no formula injection in spreadsheets)
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** The CSV text of `righe` (BOM included). */
export function utilizzoCsv(righe: readonly RigaUtilizzo[]): string {
  const lines = [HEADER, ...righe.map((r) => [
    PERIOD_LABEL(r.periodo), EVENT_LABELS[r.event] ?? r.event, r.event_type, r.role_code, r.nomeProgramma ?? (r.program_id === null ? 'Nessun programma' : String(r.program_id)), r.totale,
  ])]
  return `\uFEFF${lines.map((l) => l.map(cell).join(';')).join('\r\n')}\r\n`
}
