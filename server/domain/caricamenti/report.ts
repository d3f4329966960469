/**
 * The result report of a job (platform-backend §8.3, extended): one CSV line per data row, in file
 * order — numeroRiga, Esito ('Caricata' / 'Scartata'), Motivo (Italian reasons of a rejected row),
 * ID servizio (an accepted row) and then the rejected row's cells in the template's order, without names,
 * fiscal code and document number (tracciato.ts COLONNE_RISERVATE). Read in keyset batches and streamed:
 * memory holds one batch whatever the job's size. UTF-8 with BOM, ';', formulas neutralised (src/lib/csv.ts).
 */
import { and, asc, eq, gt } from 'drizzle-orm'
import { registroAttivitaRiga } from '../../db/schema'
import type { Executor } from '../../db/types'
import { CSV_BOM, csvLine as line } from '../../../src/lib/csv'
import { COLONNE, COLONNE_RISERVATE } from './tracciato'

const CELLE = COLONNE.filter((c) => !COLONNE_RISERVATE.has(c))
export const REPORT_HEADER = ['numeroRiga', 'Esito', 'Motivo', 'ID servizio', ...CELLE] as const

/** The report's text chunks (see the module comment). */
export async function* reportChunks(db: Executor, idRegistro: number, batchRows = 1000): AsyncGenerator<string> {
  yield CSV_BOM + line(REPORT_HEADER)
  let after = 0
  for (;;) {
    const rows = await db.select().from(registroAttivitaRiga)
      .where(and(eq(registroAttivitaRiga.idRegistroAttivita, idRegistro), gt(registroAttivitaRiga.numeroRiga, after)))
      .orderBy(asc(registroAttivitaRiga.numeroRiga)).limit(batchRows)
    if (rows.length === 0) return
    yield rows.map((r) => line([
      r.numeroRiga, r.esito === 'CARICATA' ? 'Caricata' : 'Scartata', r.note, r.idServizio,
      ...CELLE.map((c) => r.valori?.[c] ?? ''),
    ])).join('')
    after = rows[rows.length - 1]!.numeroRiga
    if (rows.length < batchRows) return
  }
}
