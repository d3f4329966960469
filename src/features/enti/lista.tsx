/**
 * 'Elenco enti' on the list pattern (spec 002 §2 columns for bodies: Nome, ID, 'Tipologia ente', Profili):
 * `POST ente/all` with `criterioRicerca`, `profili`, `idsProgrammi`, `idsProgetti`, `filtroPolicies`
 * (platform-backend §13) and `ordinamento`; dropdowns `profili`, `programmi`, `progetti`, `policies`; CSV
 * `ente/download` → enti.csv with list.dwnl.enti; row action 'Visualizza' → the body's page.
 */
import { EntiListaSchema, type EnteRiga, type FiltroEntiSchema } from '../../api/contract/amministrazione'
import { downloadCsv, fetchDropdown, fetchListPage, listBody, profileScope } from '../../api/lists'
import { countLabel } from '../../lib/plural'
import { compact, filterIds, filterValues, type ListState } from '../../ui/list/list-state'
import type { ListDefinition } from '../../ui/list/ServerList'
import type * as v from 'valibot'

type Filtro = v.InferOutput<typeof FiltroEntiSchema>

/** The wire filter of the list's state (empty parts left out). */
export function filtroEnti(s: ListState): Filtro {
  return compact({
    criterioRicerca: s.q || undefined,
    profili: filterValues(s, 'profilo'),
    idsProgrammi: filterIds(s, 'programma'),
    idsProgetti: filterIds(s, 'progetto'),
    filtroPolicies: filterValues(s, 'intervento'),
  })
}

export const entePath = (id: number) => `/area-amministrativa/enti/${id}`

/** The definition of the bodies list; `canDownload`: the profile holds list.dwnl.enti. */
export function entiDefinition(canDownload: boolean): ListDefinition<EnteRiga> {
  const scope = profileScope()
  const body = (s: ListState) => listBody(filtroEnti(s), s.sort)
  const dropdown = (key: string, label: string, tipo: string) => ({
    key,
    label,
    optionsKey: ['enti', 'dropdown', tipo, ...scope],
    loadOptions: (signal: AbortSignal) => fetchDropdown('ente', tipo, signal),
  })
  return {
    caption: 'Elenco enti',
    columns: [
      { key: 'nome', header: 'Nome', sortKey: 'nome', cell: (r) => <span className="fw-semibold">{r.nome}</span> },
      { key: 'id', header: 'ID', sortKey: 'id', cell: (r) => r.id },
      { key: 'tipologia', header: 'Tipologia ente', sortKey: 'tipologia', cell: (r) => r.tipologia ?? '—' },
      { key: 'profilo', header: 'Profili', cell: (r) => r.profilo },
    ],
    rowKey: (r) => String(r.id),
    summary: (r) => r.nome,
    actions: (r) => [{ label: 'Visualizza', name: `Visualizza ${r.nome}`, to: entePath(r.id), breadcrumb: { path: entePath(r.id), label: r.nome } }],
    search: { label: 'Cerca ente', placeholder: "Inserisci l'ID, il nome o la partita IVA dell'ente" },
    filters: [
      dropdown('profilo', 'Profilo', 'profili'),
      dropdown('programma', 'Programma', 'programmi'),
      dropdown('progetto', 'Progetto', 'progetti'),
      dropdown('intervento', 'Intervento', 'policies'),
    ],
    defaultSort: { campo: 'nome', verso: 'asc' },
    queryKey: ['enti', 'lista', ...scope],
    fetchPage: async (s, signal) => {
      const d = await fetchListPage('ente', s.page, body(s), EntiListaSchema, signal)
      return { rows: d.enti, total: d.numeroTotaleElementi, totalPages: d.numeroPagine }
    },
    countLabel: (n) => countLabel(n, 'ente', 'enti'),
    persist: true,
    errorMessage: 'Non è stato possibile caricare gli enti. Controlla la connessione e riprova.',
    download: canDownload ? (s) => downloadCsv('ente', body(s), 'enti.csv') : undefined,
  }
}
