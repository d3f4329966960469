/** Query keys of the minors configuration (issue 26 point 4): its list and the programmes that may be enabled. */
import { rootKeys } from '../../api/query-keys'

export const minorenniKeys = {
  all: rootKeys.minorenni,
  lista: [...rootKeys.minorenni, 'lista'] as const,
  programmi: (intervento: string): unknown[] => [...rootKeys.minorenni, 'programmi', intervento],
}
