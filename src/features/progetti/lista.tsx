/**
 * 'Elenco progetti' on the list pattern (spec 002 §2 columns for entities: Nome, ID, Intervento, Ente
 * gestore, Stato): `POST progetto/all` with `filtroCriterioRicerca`, `filtroPolicies`, `filtroStati`,
 * `filtroIdsProgrammi` (platform-backend §13) and `ordinamento`; dropdowns `policies`, `stati`, `programmi`;
 * CSV `progetto/download` → progetti.csv with list.dwnl.prgt; row action 'Visualizza' → info.
 */
import { ProgettiListaSchema, type FiltroProgettiSchema, type ProgettoRiga } from '../../api/contract/amministrazione'
import { downloadCsv, fetchDropdown, fetchListPage, listBody, profileScope } from '../../api/lists'
import { countLabel } from '../../lib/plural'
import { compact, filterIds, filterValues, type ListState } from '../../ui/list/list-state'
import type { ListDefinition } from '../../ui/list/ServerList'
import { StatusChip } from '../../ui/widgets/StatusChip'
import type * as v from 'valibot'

type Filtro = v.InferOutput<typeof FiltroProgettiSchema>

/** The wire filter of the list's state (empty parts left out). */
export function filtroProgetti(s: ListState): Filtro {
  return compact({
    filtroCriterioRicerca: s.q || undefined,
    filtroPolicies: filterValues(s, 'intervento'),
    filtroStati: filterValues(s, 'stato'),
    filtroIdsProgrammi: filterIds(s, 'programma'),
  })
}

export const progettoPath = (id: number) => `/area-amministrativa/progetti/${id}`

/** The definition of the projects list; `canDownload`: the profile holds list.dwnl.prgt. */
export function progettiDefinition(canDownload: boolean): ListDefinition<ProgettoRiga> {
  const scope = profileScope()
  const body = (s: ListState) => listBody(filtroProgetti(s), s.sort)
  const dropdown = (key: string, label: string, tipo: string) => ({
    key,
    label,
    optionsKey: ['progetti', 'dropdown', tipo, ...scope],
    loadOptions: (signal: AbortSignal) => fetchDropdown('progetto', tipo, signal),
  })
  return {
    caption: 'Elenco progetti',
    columns: [
      { key: 'nome', header: 'Nome', sortKey: 'nome', cell: (r) => <span className="fw-semibold">{r.nome}</span> },
      { key: 'id', header: 'ID', sortKey: 'id', cell: (r) => r.id },
      { key: 'policy', header: 'Intervento', sortKey: 'policy', cell: (r) => r.policy },
      { key: 'ente', header: 'Ente gestore', sortKey: 'nomeEnteGestore', cell: (r) => r.nomeEnteGestore ?? '—' },
      { key: 'stato', header: 'Stato', sortKey: 'stato', cell: (r) => <StatusChip value={r.stato} /> },
    ],
    rowKey: (r) => String(r.id),
    summary: (r) => r.nome,
    actions: (r) => [{ label: 'Visualizza', name: `Visualizza ${r.nome}`, to: `${progettoPath(r.id)}/info`, breadcrumb: { path: progettoPath(r.id), label: r.nome } }],
    search: { label: 'Cerca progetto', placeholder: "Inserisci l'ID o il nome del progetto" },
    filters: [dropdown('programma', 'Programma', 'programmi'), dropdown('intervento', 'Intervento', 'policies'), dropdown('stato', 'Stato', 'stati')],
    defaultSort: { campo: 'nome', verso: 'asc' },
    queryKey: ['progetti', 'lista', ...scope],
    fetchPage: async (s, signal) => {
      const d = await fetchListPage('progetto', s.page, body(s), ProgettiListaSchema, signal)
      return { rows: d.progetti, total: d.numeroTotaleElementi, totalPages: d.numeroPagine }
    },
    countLabel: (n) => countLabel(n, 'progetto', 'progetti'),
    persist: true,
    errorMessage: 'Non è stato possibile caricare i progetti. Controlla la connessione e riprova.',
    download: canDownload ? (s) => downloadCsv('progetto', body(s), 'progetti.csv') : undefined,
  }
}
