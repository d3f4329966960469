/** Calls of the usage panel (issue 13): the summary of the usage events over a period, silent (the panel says it). */
import { apiPost } from '../../api/client'
import { RiepilogoUtilizzoSchema, type RiepilogoFiltro } from '../../api/contract/profilo'
import { sessionReady } from '../../api/query'
import { utilizzoKeys } from './keys'

/** `POST utilizzo/riepilogo` for `filtro`, as a query; `allowed`: the profile holds view.utilizzo. */
export function riepilogoUtilizzoQuery(filtro: RiepilogoFiltro, allowed: boolean) {
  return {
    queryKey: utilizzoKeys.riepilogo(filtro),
    queryFn: ({ signal }: { signal: AbortSignal }) => apiPost('utilizzo/riepilogo', filtro, RiepilogoUtilizzoSchema, { silent: true, signal }),
    enabled: allowed && sessionReady(),
  }
}
