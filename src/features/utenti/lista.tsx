/**
 * 'Elenco utenti' on the list pattern (spec 002 §2 columns for users: 'Cognome e Nome', ID, 'Stato
 * Utente', Ruolo): `POST utente/all` with `criterioRicerca`, `ruoli`, `stati` (platform-backend §13) and
 * `ordinamento`; dropdowns `ruoli`, `stati`; CSV `utente/download` → utenti.csv with list.dwnl.utenti;
 * row action 'Visualizza' → the user's page. The fiscal code in the row is never shown in the list.
 */
import { UtentiListaSchema, type FiltroUtentiSchema, type UtenteRiga } from '../../api/contract/amministrazione'
import { downloadCsv, fetchDropdown, fetchListPage, listBody, profileScope } from '../../api/lists'
import { countLabel } from '../../lib/plural'
import { compact, filterValues, type ListState } from '../../ui/list/list-state'
import type { ListDefinition } from '../../ui/list/ServerList'
import { StatusChip } from '../../ui/widgets/StatusChip'
import type * as v from 'valibot'

type Filtro = v.InferOutput<typeof FiltroUtentiSchema>

/** The wire filter of the list's state (empty parts left out). */
export function filtroUtenti(s: ListState): Filtro {
  return compact({ criterioRicerca: s.q || undefined, ruoli: filterValues(s, 'ruolo'), stati: filterValues(s, 'stato') })
}

export const utentePath = (id: number) => `/area-amministrativa/utenti/${id}`

/** The definition of the users list; `canDownload`: the profile holds list.dwnl.utenti. */
export function utentiDefinition(canDownload: boolean): ListDefinition<UtenteRiga> {
  const scope = profileScope()
  const body = (s: ListState) => listBody(filtroUtenti(s), s.sort)
  const dropdown = (key: string, label: string, tipo: string) => ({
    key,
    label,
    optionsKey: ['utenti', 'dropdown', tipo, ...scope],
    loadOptions: (signal: AbortSignal) => fetchDropdown('utente', tipo, signal),
  })
  return {
    caption: 'Elenco utenti',
    columns: [
      { key: 'nome', header: 'Cognome e Nome', sortKey: 'nome', cell: (r) => <span className="fw-semibold">{r.nome}</span> },
      { key: 'id', header: 'ID', sortKey: 'id', cell: (r) => r.id },
      { key: 'stato', header: 'Stato Utente', sortKey: 'stato', cell: (r) => <StatusChip value={r.stato} /> },
      { key: 'ruoli', header: 'Ruolo', cell: (r) => r.ruoli },
    ],
    rowKey: (r) => String(r.id),
    summary: (r) => r.nome,
    actions: (r) => [{ label: 'Visualizza', name: `Visualizza ${r.nome}`, to: utentePath(r.id), breadcrumb: { path: utentePath(r.id), label: r.nome } }],
    search: { label: 'Cerca utente', placeholder: "Inserisci l'ID, il nome, il cognome o il codice fiscale" },
    filters: [dropdown('ruolo', 'Ruolo', 'ruoli'), dropdown('stato', 'Stato', 'stati')],
    defaultSort: { campo: 'nome', verso: 'asc' },
    queryKey: ['utenti', 'lista', ...scope],
    fetchPage: async (s, signal) => {
      const d = await fetchListPage('utente', s.page, body(s), UtentiListaSchema, signal)
      return { rows: d.utenti, total: d.numeroTotaleElementi, totalPages: d.numeroPagine }
    },
    countLabel: (n) => countLabel(n, 'utente', 'utenti'),
    errorMessage: 'Non è stato possibile caricare gli utenti. Controlla la connessione e riprova.',
    download: canDownload ? (s) => downloadCsv('utente', body(s), 'utenti.csv') : undefined,
  }
}
