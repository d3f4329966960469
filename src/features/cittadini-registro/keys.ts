/** Query keys of the citizens registry (issue 26 point 4): the list, its filters and a citizen's card, by profile. */
import { profileScope } from '../../api/lists'
import { rootKeys } from '../../api/query-keys'

export const registroKeys = {
  all: rootKeys.cittadiniRegistro,
  lista: () => [...rootKeys.cittadiniRegistro, 'lista', ...profileScope()] as const,
  dropdown: (tipo: string) => [...rootKeys.cittadiniRegistro, 'dropdown', tipo, ...profileScope()] as const,
  scheda: (id: string): unknown[] => [...rootKeys.cittadiniRegistro, 'scheda', id, ...profileScope()],
}
