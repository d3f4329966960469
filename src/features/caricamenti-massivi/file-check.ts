/**
 * What the page checks before sending a file (pure): its format from the name (CSV or XLSX only), its
 * size (at most 50 MB), and the progress of a job as a percentage. The server checks everything again.
 */
import { MAX_FILE_BYTES, type CaricamentoRiga, type FormatoFile } from '../../api/contract/caricamenti'

/** The format of a file name, or null when it is neither .csv nor .xlsx. */
export function formatoDi(nome: string): FormatoFile | null {
  const ext = /\.([a-z0-9]+)$/i.exec(nome)?.[1]?.toLowerCase()
  return ext === 'csv' || ext === 'xlsx' ? ext : null
}

/** The Italian error of a chosen file, or null when it may be sent. */
export function erroreFile(file: { name: string; size: number } | null): string | null {
  if (!file) return 'Scegli il file da caricare.'
  if (!formatoDi(file.name)) return 'Tipo file non supportato: carica un file CSV o XLSX.'
  if (file.size === 0) return 'Il file è vuoto.'
  if (file.size > MAX_FILE_BYTES) return 'Il file supera il limite di 50 MB: dividilo in più file.'
  return null
}

/** Rows processed out of the total, 0–100 (floor). */
export function percentuale(job: Pick<CaricamentoRiga, 'righeElaborate' | 'totaleRighe' | 'stato'>): number {
  if (job.stato === 'SUCCESS') return 100
  if (job.totaleRighe <= 0) return 0
  return Math.min(100, Math.floor((100 * job.righeElaborate) / job.totaleRighe))
}
