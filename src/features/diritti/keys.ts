/** Query keys of the citizen's rights (issue 28 part 3): an erasure's summary, a citizen's printable data, the requests; by profile. */
import { profileScope } from '../../api/lists'
import { rootKeys } from '../../api/query-keys'

export const dirittiKeys = {
  all: rootKeys.diritti,
  riepilogo: (id: string): unknown[] => [...rootKeys.diritti, 'riepilogo', id, ...profileScope()],
  dati: (id: string): unknown[] => [...rootKeys.diritti, 'dati', id, ...profileScope()],
  /** the requests list's root (wireList appends the profile's scope) */
  richieste: [...rootKeys.diritti, 'richieste'] as const,
  /** the options of the requests list's filter `chiave` */
  filtro: (chiave: string) => [...rootKeys.diritti, 'filtro', chiave] as const,
}
