/**
 * Calls of the open-data page (src/api/contract/open-data.ts): the metadata and files (public), the
 * DTD's on-demand generation.
 */
import { apiGet } from '../../api/client'
import { GeneraOpenDataSchema, OpenDataInfoSchema, type OpenDataInfo } from '../../api/contract/open-data'
import { write } from '../../api/write'
import { openDataKeys } from './keys'

/** Metadata and monthly files, newest first. */
/** The open data's state (a public read: it runs without a session too), read by the page and its route loader. */
export function fetchOpenData(signal?: AbortSignal): Promise<OpenDataInfo> {
  return apiGet('open-data', OpenDataInfoSchema, { signal, silent: true })
}

/** The metadata and files as a query: public data, so it runs without a session too (the app's default `enabled` needs a chosen profile). */
export function openDataQuery() {
  return { queryKey: openDataKeys.all, queryFn: ({ signal }: { signal: AbortSignal }) => fetchOpenData(signal), enabled: true }
}

/** Queues this month's generation (gen.opendata); resolves with the month. */
export function generaOpenData(): Promise<{ mese: string }> {
  // the file is not there yet: the page reads the list again a moment later
  return write({ method: 'post', path: 'open-data/genera', body: {}, schema: GeneraOpenDataSchema, withProfile: false, toast: 'catalogue', invalidate: [] })
}

/** 'novembre 2026' of 'YYYY-MM'. */
export function nomeMese(mese: string): string {
  const [y, m] = mese.split('-').map(Number)
  return new Date(Date.UTC(y!, m! - 1, 1)).toLocaleDateString('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' })
}

/** Size in kB as the reference shows it (bytes / 1000, at least 1). */
export const kb = (bytes: number) => Math.max(1, Math.round(bytes / 1000)).toLocaleString('it-IT')
