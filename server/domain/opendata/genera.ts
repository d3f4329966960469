/**
 * Generation of a month's open-data file (issue 11 point 3, issue 24 point 3; platform-backend §10): the dataset
 * rows (dataset.ts) through the k-anonymity rule (anonimizza.ts), streamed as `;`-separated UTF-8 CSV with
 * the columns of OPEN_DATA_COLUMNS, stored through app.storage under `open-data/YYYY-MM.csv` and recorded
 * in `open_data_file` (one row per month: generating the same month again replaces its file and resets
 * its download counter, as the reference does at each upload).
 */
import { Readable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { OPEN_DATA_COLUMNS } from '../../../src/api/contract/open-data'
import { openDataFile } from '../../db/schema'
import type { Database } from '../../db/types'
import type { FileStorage } from '../../storage/index'
import { CSV_BOM, csvLine as line, toCsv, type CsvValue } from '../../../src/lib/csv'
import { contaCelle, decidi, QUASI_IDENTIFICATIVI, type RigaDataset } from './anonimizza'
import { conteggiCelleSql, leggiRighe, righeInBlocchi } from './dataset'

/** Rows per statement on the embedded database (see `generaFileMese`). */
export const BLOCCO_INCORPORATO = 1000

/** 'YYYY-MM' of a date (UTC). */
export const meseDi = (d: Date) => d.toISOString().slice(0, 7)

/** The CSV text of published rows (BOM, header, CRLF lines). */
export function csvOpenData(righe: readonly RigaDataset[]): string {
  return toCsv(OPEN_DATA_COLUMNS.map((c) => c.attributo), righe.map((r, i) => riga(r, i + 1)))
}

export interface EsitoGenerazione { mese: string; righe: number; generalizzate: number; soppresse: number; dimensione: number }

/** One CSV line's cells: the row counter, then the published columns in OPEN_DATA_COLUMNS order. */
const riga = (r: RigaDataset, n: number): CsvValue[] => [n, ...QUASI_IDENTIFICATIVI.map((c) => r[c])]

/**
 * Generates and publishes the file of month `mese` ('YYYY-MM') with the services dated up to `oggi`
 * ('YYYY-MM-DD'): the publishable groups in SQL, then the rows read in batches, decided one by one and
 * streamed as CSV into the storage (memory bounded by a batch and the cell counts). `progress` gets 0–100.
 */
export async function generaFileMese(db: Database, storage: FileStorage, opts: {
  mese: string; oggi: string; progress?: (pct: number) => Promise<void>
  /**
   * The embedded database (PGlite: one connection, every request waits for the statement under way): the groups are
   * counted in memory over the rows read in batches of {@link BLOCCO_INCORPORATO}, never by one statement over the
   * whole dataset (9 s at 1/100 of the national scale), and the file is written from batches of that size too.
   */
  incorporato?: boolean
}): Promise<EsitoGenerazione> {
  const limite = opts.incorporato ? BLOCCO_INCORPORATO : undefined
  const conteggi = opts.incorporato
    ? contaCelle(await leggiRighe(db, { finoA: opts.oggi, limite }))
    : await conteggiCelleSql(db, { finoA: opts.oggi })
  await opts.progress?.(20)
  const stat = { righe: 0, generalizzate: 0, soppresse: 0, annoMin: null as number | null, annoMax: null as number | null }
  async function* testo(): AsyncGenerator<string> {
    yield CSV_BOM + line(OPEN_DATA_COLUMNS.map((c) => c.attributo))
    for await (const blocco of righeInBlocchi(db, { finoA: opts.oggi, limite })) {
      let out = ''
      for (const r of blocco) {
        const d = decidi(r, conteggi)
        if (!d) { stat.soppresse++; continue }
        if (d.livello > 0) stat.generalizzate++
        stat.righe++
        const anno = Number(r.mese?.slice(0, 4))
        if (stat.annoMin === null || anno < stat.annoMin) stat.annoMin = anno
        if (stat.annoMax === null || anno > stat.annoMax) stat.annoMax = anno
        out += line(riga(d.riga, stat.righe))
      }
      yield out
    }
  }
  const chiave = `open-data/${opts.mese}.csv`
  const stored = await storage.put(chiave, Readable.from(testo(), { objectMode: false }))
  await opts.progress?.(90)
  const valori = {
    chiave, dimensione: stored.size, righe: stat.righe, righeGeneralizzate: stat.generalizzate, righeSoppresse: stat.soppresse,
    annoMin: stat.annoMin, annoMax: stat.annoMax, conteggioDownload: 0, dataPubblicazione: new Date(),
  }
  await db.insert(openDataFile).values({ mese: opts.mese, ...valori })
    .onConflictDoUpdate({ target: openDataFile.mese, set: { ...valori, conteggioDownload: sql`0` } })
  return { mese: opts.mese, righe: stat.righe, generalizzate: stat.generalizzate, soppresse: stat.soppresse, dimensione: stored.size }
}
