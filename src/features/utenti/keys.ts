/** Query keys of the users' pages (issue 26 point 4): the user's card and the directly assignable roles. */
import { profileScope } from '../../api/lists'
import { rootKeys } from '../../api/query-keys'

export const utentiKeys = {
  all: rootKeys.utenti,
  scheda: (id: string) => [...rootKeys.utenti, 'scheda', ...profileScope(), id] as const,
  ruoliAssegnabili: () => [...rootKeys.utenti, 'ruoli-assegnabili', ...profileScope()] as const,
}

/**
 * What a change to a user's roles shows in: the users' cards and lists, the unique users of the
 * administrative cards, the roles' user counts and the profile's roles.
 */
export const RUOLI_UTENTE_KEYS = [rootKeys.utenti, rootKeys.utentiUnici, rootKeys.ruoli, rootKeys.profilo] as const
