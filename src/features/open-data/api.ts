/**
 * Calls of the open-data page (src/api/contract/open-data.ts): the metadata and files (public), the
 * DTD's on-demand generation.
 */
import { apiGet, apiPost } from '../../api/client'
import { GeneraOpenDataSchema, OpenDataInfoSchema, type OpenDataInfo } from '../../api/contract/open-data'

/** Metadata and monthly files, newest first. */
/** The open data's state (a public read: it runs without a session too), read by the page and its route loader. */
export function openDataQuery() {
  return { queryKey: ['open-data'], queryFn: ({ signal }: { signal: AbortSignal }) => fetchOpenData(signal), enabled: true }
}

export function fetchOpenData(signal?: AbortSignal): Promise<OpenDataInfo> {
  return apiGet('open-data', OpenDataInfoSchema, { signal, silent: true })
}

/** Queues this month's generation (gen.opendata); resolves with the month. */
export function generaOpenData(): Promise<{ mese: string }> {
  return apiPost('open-data/genera', {}, GeneraOpenDataSchema)
}

/** 'novembre 2026' of 'YYYY-MM'. */
export function nomeMese(mese: string): string {
  const [y, m] = mese.split('-').map(Number)
  return new Date(Date.UTC(y!, m! - 1, 1)).toLocaleDateString('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' })
}

/** Size in kB as the reference shows it (bytes / 1000, at least 1). */
export const kb = (bytes: number) => Math.max(1, Math.round(bytes / 1000)).toLocaleString('it-IT')
