/**
 * 'Elenco programmi' on the list pattern (spec 002 §2 columns for entities: Nome, ID, Intervento, Ente
 * gestore, Stato; platform-frontend §1.4): `POST programma/all` with the filters of platform-backend §13
 * (`filtroCriterioRicerca`, `filtroPolicies`, `filtroStati`) and `ordinamento`; dropdowns `policies` and
 * `stati`; CSV `programma/download` → programmi.csv with list.dwnl.prgm; row action 'Visualizza' → info.
 */
import { ProgrammiListaSchema, type FiltroProgrammiSchema, type ProgrammaRiga } from '../../api/contract/amministrazione'
import { downloadCsv, fetchDropdown, fetchListPage, listBody, profileScope } from '../../api/lists'
import { countLabel } from '../../lib/plural'
import { compact, filterValues, type ListState } from '../../ui/list/list-state'
import type { ListDefinition } from '../../ui/list/ServerList'
import { StatusChip } from '../../ui/widgets/StatusChip'
import type * as v from 'valibot'

type Filtro = v.InferOutput<typeof FiltroProgrammiSchema>

/** URL keys of the filters and their dropdown types. */
export const FILTRI_PROGRAMMI = { intervento: 'policies', stato: 'stati' } as const

/** The wire filter of the list's state (empty parts left out). */
export function filtroProgrammi(s: ListState): Filtro {
  return compact({ filtroCriterioRicerca: s.q || undefined, filtroPolicies: filterValues(s, 'intervento'), filtroStati: filterValues(s, 'stato') })
}

export const programmaPath = (id: number) => `/area-amministrativa/programmi/${id}`

/** The definition of the programmes list; `canDownload`: the profile holds list.dwnl.prgm. */
export function programmiDefinition(canDownload: boolean): ListDefinition<ProgrammaRiga> {
  const scope = profileScope()
  const body = (s: ListState) => listBody(filtroProgrammi(s), s.sort)
  return {
    caption: 'Elenco programmi',
    columns: [
      { key: 'nome', header: 'Nome', sortKey: 'nome', cell: (r) => <span className="fw-semibold">{r.nome}</span> },
      { key: 'id', header: 'ID', sortKey: 'id', cell: (r) => r.id },
      { key: 'policy', header: 'Intervento', sortKey: 'policy', cell: (r) => r.policy },
      { key: 'ente', header: 'Ente gestore', sortKey: 'nomeEnteGestore', cell: (r) => r.nomeEnteGestore ?? '—' },
      { key: 'stato', header: 'Stato', sortKey: 'stato', cell: (r) => <StatusChip value={r.stato} /> },
    ],
    rowKey: (r) => String(r.id),
    summary: (r) => r.nome,
    actions: (r) => [{ label: 'Visualizza', name: `Visualizza ${r.nome}`, to: `${programmaPath(r.id)}/info`, breadcrumb: { path: programmaPath(r.id), label: r.nome } }],
    search: { label: 'Cerca programma', placeholder: "Inserisci l'ID, il nome o il codice del programma" },
    filters: [
      { key: 'intervento', label: 'Intervento', optionsKey: ['programmi', 'dropdown', 'policies', ...scope], loadOptions: (signal) => fetchDropdown('programma', 'policies', signal) },
      { key: 'stato', label: 'Stato', optionsKey: ['programmi', 'dropdown', 'stati', ...scope], loadOptions: (signal) => fetchDropdown('programma', 'stati', signal) },
    ],
    defaultSort: { campo: 'nome', verso: 'asc' },
    queryKey: ['programmi', 'lista', ...scope],
    fetchPage: async (s, signal) => {
      const d = await fetchListPage('programma', s.page, body(s), ProgrammiListaSchema, signal)
      return { rows: d.programmi, total: d.numeroTotaleElementi, totalPages: d.numeroPagine }
    },
    countLabel: (n) => countLabel(n, 'programma', 'programmi'),
    persist: true,
    errorMessage: 'Non è stato possibile caricare i programmi. Controlla la connessione e riprova.',
    download: canDownload ? (s) => downloadCsv('programma', body(s), 'programmi.csv') : undefined,
  }
}
