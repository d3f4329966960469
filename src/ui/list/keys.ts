/**
 * Query keys of the list pattern (issue 26 point 4): an administrative list's pages and filter options, and
 * the page of any list (its key root plus the list's URL state). Values unchanged from before the factories:
 * the device's stored reads are kept by key.
 */
import { profileScope } from '../../api/lists'
import type { ListState } from './list-state'

export const listKeys = {
  /** root of an administrative list's pages ('programmi', 'enti'…; wireList appends the profile's scope) */
  lista: (plural: string) => [plural, 'lista'] as const,
  /** the options of an administrative list's filter `tipo`, within the profile's scope */
  dropdown: (plural: string, tipo: string) => [plural, 'dropdown', tipo, ...profileScope()] as const,
  /** one page of a list: its key root and state (page, search, filters, sort) */
  pagina: (root: readonly unknown[], state: ListState) => [...root, state] as const,
}
