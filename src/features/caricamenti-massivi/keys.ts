/**
 * Query keys of the mass upload pages (issue 26 point 4): the jobs' registry (upload page, a group of the
 * monitoring page), the upload contexts, the list filters, the monitoring table and its counters.
 */
import { profileScope } from '../../api/lists'
import { rootKeys } from '../../api/query-keys'

export const caricamentiKeys = {
  /** the jobs list of `vista` ('registro': the upload page, 'gruppo': a monitoring row); wireList appends the scope */
  lista: (vista: string) => [...rootKeys.caricamenti, vista] as const,
  contesti: () => [...rootKeys.caricamenti, 'contesti', ...profileScope()] as const,
  gruppo: (chiave: string) => [...rootKeys.caricamenti, 'gruppo', chiave, ...profileScope()] as const,
  dropdown: (tipo: 'stati' | 'policies') => [...rootKeys.caricamenti, 'dropdown', tipo, ...profileScope()] as const,
}

export const monitoraggioKeys = {
  /** the table of the days `dal`–`al`; wireList appends the scope */
  lista: (dal: string, al: string) => [...rootKeys.caricamentiAggregati, dal, al] as const,
  riepilogo: (filtro: object) => [...rootKeys.caricamentiAggregati, 'riepilogo', filtro, ...profileScope()] as const,
  dropdown: (tipo: 'enti' | 'policies' | 'programmi' | 'progetti') => [...rootKeys.caricamentiAggregati, 'dropdown', tipo, ...profileScope()] as const,
}
