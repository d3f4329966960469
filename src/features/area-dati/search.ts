/**
 * URL search of 'Report dati' (`/area-dati/report-dati?policy=&programma=&progetto=&da=&a=&periodo=`): the
 * filters of a shared link (issue 11 point 1). A light module (no imports): the route's `validateSearch` runs
 * in the route tree every visitor loads. Invalid values are dropped, never thrown.
 */

/** The filters as the URL holds them: months 'YYYY-MM', ids positive integers, `periodo` the series' step. */
export interface ReportSearch {
  policy?: 'RFD' | 'SCD'
  programma?: number
  progetto?: number
  da?: string
  a?: string
  periodo?: 'settimana'
}

const MESE = /^\d{4}-(0[1-9]|1[0-2])$/
const id = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : NaN
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined
}
const mese = (v: unknown) => (typeof v === 'string' && MESE.test(v) ? v : undefined)

/** Parses the URL search: keeps only the valid filters (a reversed period is swapped). */
export function parseReportSearch(search: Record<string, unknown>): ReportSearch {
  const out: ReportSearch = {}
  if (search.policy === 'RFD' || search.policy === 'SCD') out.policy = search.policy
  const programma = id(search.programma), progetto = id(search.progetto)
  if (programma !== undefined) out.programma = programma
  if (progetto !== undefined) out.progetto = progetto
  let da = mese(search.da), a = mese(search.a)
  if (da && a && da > a) [da, a] = [a, da]
  if (da) out.da = da
  if (a) out.a = a
  if (search.periodo === 'settimana') out.periodo = 'settimana'
  return out
}
