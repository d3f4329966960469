/**
 * CSV of the usage counts (issue 13): a header row and one line per count, written by the one encoder
 * (src/lib/csv.ts: `;`, CRLF, UTF-8 BOM, formulas neutralised). Pure.
 */
import type { RigaUtilizzo } from '../../api/contract/profilo'
import { toCsv } from '../../lib/csv'

export const EVENT_LABELS: Record<string, string> = { download: 'Download', like: 'Mi piace', chat: 'Apertura chat' }
export const PERIOD_LABEL = (p: string) => (p === 'totale' ? 'Intero periodo' : p)

const HEADER = ['Periodo', 'Evento', 'Tipo', 'Ruolo', 'Programma', 'Totale']

/** The CSV text of `righe` (BOM included). */
export function utilizzoCsv(righe: readonly RigaUtilizzo[]): string {
  return toCsv(HEADER, righe.map((r) => [
    PERIOD_LABEL(r.periodo), EVENT_LABELS[r.event] ?? r.event, r.event_type, r.role_code, r.nomeProgramma ?? (r.program_id === null ? 'Nessun programma' : String(r.program_id)), r.totale,
  ]))
}
