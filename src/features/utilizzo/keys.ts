/** Query keys of the usage panel (issue 26 point 4). */
import { rootKeys } from '../../api/query-keys'

export const utilizzoKeys = {
  riepilogo: (filtro: object) => [...rootKeys.utilizzo, 'riepilogo', filtro] as const,
}
