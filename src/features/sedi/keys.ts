/** Query keys of the sites' pages (issue 26 point 4): the site's card and the comuni of a province. */
import { profileScope } from '../../api/lists'
import { rootKeys } from '../../api/query-keys'

export const sediKeys = {
  all: rootKeys.sedi,
  scheda: (id: string) => [...rootKeys.sedi, 'scheda', ...profileScope(), id] as const,
  /** reference data, the same for every profile */
  comuni: (sigla: string) => [...rootKeys.sedi, 'comuni', sigla] as const,
}
