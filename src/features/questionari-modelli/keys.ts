/** Query keys of the survey templates' pages (issue 26 point 4): list, its filter, details, skeleton, programmes. */
import { profileScope } from '../../api/lists'
import { rootKeys } from '../../api/query-keys'

export const modelliKeys = {
  /** every template read: what a template write refreshes */
  all: rootKeys.questionariModelli,
  lista: () => [...rootKeys.questionariModelli, 'lista', ...profileScope()] as const,
  stati: () => [...rootKeys.questionariModelli, 'dropdown', 'stati', ...profileScope()] as const,
  dettaglio: (id: string): unknown[] => [...rootKeys.questionariModelli, 'dettaglio', id, ...profileScope()],
  nuovo: (): unknown[] => [...rootKeys.questionariModelli, 'nuovo', ...profileScope()],
  programmi: () => [...rootKeys.questionariModelli, 'programmi', ...profileScope()] as const,
}
