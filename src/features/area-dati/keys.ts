/** Query keys of the data area (issue 26 point 4): the national figures (public) and a profile's report. */
import { profileScope } from '../../api/lists'
import { rootKeys } from '../../api/query-keys'

export const datiKeys = {
  pubblico: (filtro: object) => [...rootKeys.dati, 'pubblico', filtro] as const,
  report: (filtro: object) => [...rootKeys.dati, 'report', ...profileScope(), filtro] as const,
}
