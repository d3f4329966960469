/**
 * 'Elenco utenti' on the list pattern (spec 002 §2 columns for users: 'Cognome e Nome', ID, 'Stato
 * Utente', Ruolo): `POST utente/all` with `criterioRicerca`, `ruoli`, `stati` (platform-backend §13) and
 * `ordinamento`; dropdowns `ruoli`, `stati`; CSV `utente/download` → utenti.csv with list.dwnl.utenti;
 * row action 'Visualizza' → the user's page. The fiscal code in the row is never shown in the list.
 */
import { UtentiListaSchema, type FiltroUtentiSchema, type UtenteRiga } from '../../api/contract/amministrazione'
import { compact, filterValues, type ListState } from '../../ui/list/list-state'
import { StatusChip } from '../../ui/widgets/StatusChip'
import { adminListDefinition, type AdminListOptions } from '../../ui/list/admin-list'
import type * as v from 'valibot'

type Filtro = v.InferOutput<typeof FiltroUtentiSchema>

/** The wire filter of the list's state (empty parts left out). */
export function filtroUtenti(s: ListState): Filtro {
  return compact({ criterioRicerca: s.q || undefined, ruoli: filterValues(s, 'ruolo'), stati: filterValues(s, 'stato') })
}

export const utentePath = (id: number) => `/area-amministrativa/utenti/${id}`

/** The users list (adminListDefinition, ui/list/admin-list.tsx); not kept on the device (persist off). */
export const LISTA_UTENTI = {
  entity: 'utente', plural: 'utenti', singular: 'utente', theseRows: 'gli utenti', caption: 'Elenco utenti', nameHeader: 'Cognome e Nome',
  columns: [
    { key: 'stato', header: 'Stato Utente', sortKey: 'stato', cell: (r: UtenteRiga) => <StatusChip value={r.stato} /> },
    { key: 'ruoli', header: 'Ruolo', cell: (r: UtenteRiga) => r.ruoli },
  ],
  path: utentePath,
  search: { label: 'Cerca utente', placeholder: "Inserisci l'ID, il nome, il cognome o il codice fiscale" },
  filters: [['ruolo', 'Ruolo', 'ruoli'], ['stato', 'Stato', 'stati']],
  filtro: filtroUtenti, schema: UtentiListaSchema, rows: (d) => d.utenti,
} satisfies AdminListOptions<UtenteRiga, typeof UtentiListaSchema>

/** The definition of the users list; `canDownload`: the profile holds list.dwnl.utenti. */
export const utentiDefinition = (canDownload: boolean) => adminListDefinition(LISTA_UTENTI, canDownload)
