/** Query keys of the retention configuration (issue 28 point 2): the periods (public) and the last report. */
import { rootKeys } from '../../api/query-keys'

export const conservazioneKeys = {
  all: rootKeys.conservazione,
  periodi: [...rootKeys.conservazione, 'periodi'] as const,
  rapporto: [...rootKeys.conservazione, 'rapporto'] as const,
}
