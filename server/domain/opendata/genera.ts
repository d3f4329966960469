/**
 * Generation of a month's open-data file (issue 11 point 3; platform-backend §10): the dataset rows
 * (dataset.ts) through the small-cell rule (anonimizza.ts), written as `;`-separated UTF-8 CSV with
 * the columns of OPEN_DATA_COLUMNS, stored through app.storage under `open-data/YYYY-MM.csv` and recorded
 * in `open_data_file` (one row per month: generating the same month again replaces its file and resets
 * its download counter, as the reference does at each upload).
 */
import { sql } from 'drizzle-orm'
import { OPEN_DATA_COLUMNS } from '../../../src/api/contract/open-data'
import { openDataFile } from '../../db/schema'
import type { Database } from '../../db/types'
import type { FileStorage } from '../../storage/index'
import { toCsv, type CsvValue } from '../csv'
import { applicaSogliaMinima, type RigaDataset } from './anonimizza'
import { leggiRighe } from './dataset'

/** 'YYYY-MM' of a date (UTC). */
export const meseDi = (d: Date) => d.toISOString().slice(0, 7)

/** The CSV text of published rows (BOM, header, CRLF lines). */
export function csvOpenData(righe: readonly RigaDataset[]): string {
  const rows: CsvValue[][] = righe.map((r, i) => [
    i + 1, r.fasciaDiEta, r.genere, r.occupazione, r.titoloDiStudio, r.servizioId, r.nomeServizio, r.dataFruizione,
    r.ambito, r.tipologiaServizio, r.competenze, r.sedeId, r.nomeSede, r.regione, r.provincia, r.comune, r.cap,
    r.intervento, r.idProgramma, r.idProgetto,
  ])
  return toCsv(OPEN_DATA_COLUMNS.map((c) => c.attributo), rows)
}

export interface EsitoGenerazione { mese: string; righe: number; generalizzate: number; soppresse: number; dimensione: number }

/**
 * Generates and publishes the file of month `mese` ('YYYY-MM') with the services dated up to `oggi`
 * ('YYYY-MM-DD'). `progress` receives 0–100.
 */
export async function generaFileMese(db: Database, storage: FileStorage, opts: { mese: string; oggi: string; progress?: (pct: number) => Promise<void> }): Promise<EsitoGenerazione> {
  const tutte = await leggiRighe(db, { finoA: opts.oggi })
  await opts.progress?.(40)
  const esito = applicaSogliaMinima(tutte)
  let annoMin: number | null = null
  let annoMax: number | null = null
  for (const r of esito.righe) {
    const anno = Number(r.dataFruizione.slice(0, 4))
    if (annoMin === null || anno < annoMin) annoMin = anno
    if (annoMax === null || anno > annoMax) annoMax = anno
  }
  const testo = csvOpenData(esito.righe)
  await opts.progress?.(70)
  const chiave = `open-data/${opts.mese}.csv`
  const stored = await storage.put(chiave, Buffer.from(testo, 'utf8'))
  const valori = {
    chiave, dimensione: stored.size, righe: esito.righe.length, righeGeneralizzate: esito.generalizzate, righeSoppresse: esito.soppresse,
    annoMin, annoMax, conteggioDownload: 0, dataPubblicazione: new Date(),
  }
  await db.insert(openDataFile).values({ mese: opts.mese, ...valori })
    .onConflictDoUpdate({ target: openDataFile.mese, set: { ...valori, conteggioDownload: sql`0` } })
  return { mese: opts.mese, righe: esito.righe.length, generalizzate: esito.generalizzate, soppresse: esito.soppresse, dimensione: stored.size }
}
