/** Query keys of the community management pages (issue 26 point 4): reports, categories, the caller's own items. */
import { rootKeys } from '../../../api/query-keys'

export const gestioneCommunityKeys = {
  reports: [...rootKeys.communityGestione, 'reports'] as const,
  /** the reports' list of a role (rebuilt when the profile changes) */
  reportsOf: (codiceRuolo: string) => [...rootKeys.communityGestione, 'reports', codiceRuolo] as const,
  reportSections: [...rootKeys.communityGestione, 'sections'] as const,
  categories: [...rootKeys.communityGestione, 'categories'] as const,
  categorySections: [...rootKeys.communityGestione, 'category-sections'] as const,
  mine: (userId: number, type: string) => [...rootKeys.communityGestione, 'mine', userId, type] as const,
}
