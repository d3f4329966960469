/** Query keys of role management (issue 26 point 4): the list, its filters, the permission groups, a role. */
import { rootKeys } from '../../api/query-keys'

/** The same for every profile: roles are the platform's, not a profile's. */
export const ruoliKeys = {
  all: rootKeys.ruoli,
  lista: [...rootKeys.ruoli, 'lista'] as const,
  dropdown: (tipo: 'tipologie' | 'stati') => [...rootKeys.ruoli, 'dropdown', tipo] as const,
  gruppi: [...rootKeys.ruoli, 'gruppi'] as unknown[],
  dettaglio: (codice: string): unknown[] => [...rootKeys.ruoli, 'dettaglio', codice],
}
