/** Query keys of the bodies' pages (issue 26 point 4): the body's card and the project card read by a body's page in a project. */
import { profileScope } from '../../api/lists'
import { rootKeys } from '../../api/query-keys'

export const entiKeys = {
  all: rootKeys.enti,
  scheda: (id: string) => [...rootKeys.enti, 'scheda', ...profileScope(), id] as const,
  progetto: (id: string) => [...rootKeys.enti, 'progetto', ...profileScope(), id] as const,
}
