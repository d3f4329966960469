/**
 * Query keys of the programme and project pages (issue 26 point 4): the cards, the body-sites of a
 * programme, and the unique users of a card's steps. Lists: src/ui/list/keys.ts.
 */
import { profileScope } from '../../api/lists'
import { rootKeys } from '../../api/query-keys'

export const gestioneKeys = {
  programma: (id: string) => [...rootKeys.programmi, 'scheda', ...profileScope(), id] as const,
  progetto: (id: string) => [...rootKeys.progetti, 'scheda', ...profileScope(), id] as const,
  sediProgramma: (id: string) => [...rootKeys.programmi, 'sedi', ...profileScope(), id] as const,
  /** root of the unique users' list of `entity` `id` (a card's steps 0–4), within the profile's scope */
  utentiUnici: (entity: string, id: number | string) => [...rootKeys.utentiUnici, entity, id, ...profileScope()] as const,
}
