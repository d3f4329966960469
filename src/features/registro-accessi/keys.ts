/** Query keys of the access register's page (issue 28 part 1): the list (wireList appends the profile's scope) and its filters' options. */
import { profileScope } from '../../api/lists'
import { rootKeys } from '../../api/query-keys'

export const registroAccessiKeys = {
  lista: rootKeys.registroAccessi,
  filtro: (chiave: string) => [...rootKeys.registroAccessi, 'filtro', chiave, ...profileScope()] as const,
}
