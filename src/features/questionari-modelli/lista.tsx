/**
 * 'Elenco questionari' on the list pattern (spec 002 §2 columns 'Nome questionario', ID, 'Data ultima
 * modifica', Stato, 'Default SCD', 'Default RFD'; platform-frontend §1.4, §3.4): `POST
 * questionarioTemplate/all` with `filtroCriterioRicerca` and `filtroStati`, dropdown `stati`, CSV
 * `questionarioTemplate/download` → questionari.csv; row action 'Visualizza' → the detail. The ID column
 * shows the first 8 characters of the id (`idShort`), the whole id for assistive technologies.
 */
import type * as v from 'valibot'
import {
  QuestionariTemplateListaSchema, type FiltroQuestionariTemplateSchema, type QuestionarioTemplateRiga,
} from '../../api/contract/questionario-template'
import { downloadCsv, fetchDropdown, fetchListPage, listBody } from '../../api/lists'
import { formatDisplayDate } from '../../lib/dates'
import { countLabel } from '../../lib/plural'
import { compact, filterValues, type ListState } from '../../ui/list/list-state'
import type { ListDefinition } from '../../ui/list/ServerList'
import { StatusChip } from '../../ui/widgets/StatusChip'
import { modelliKeys } from './keys'

type Filtro = v.InferOutput<typeof FiltroQuestionariTemplateSchema>

/** The wire filter of the list's state. */
export function filtroQuestionari(s: ListState): Filtro {
  return compact({ filtroCriterioRicerca: s.q || undefined, filtroStati: filterValues(s, 'stato') })
}

export const questionarioPath = (id: string) => `/area-amministrativa/questionari/${id}`
/** The short id shown in the list (platform-frontend §3.4 `idShort`). */
export const idBreve = (id: string) => id.slice(0, 8)

function Default({ on, tipo }: { on: boolean; tipo: string }) {
  return on ? <span className="badge bg-primary">{`Default ${tipo}`}</span> : <span aria-label="No">—</span>
}

/** The definition of the templates list; `canDownload`: the profile may download (list.quest.templ). */
export function questionariDefinition(canDownload: boolean): ListDefinition<QuestionarioTemplateRiga> {
  const body = (s: ListState) => listBody(filtroQuestionari(s), s.sort)
  return {
    caption: 'Elenco questionari',
    columns: [
      { key: 'nome', header: 'Nome questionario', sortKey: 'nome', cell: (r) => <span className="fw-semibold">{r.nome}</span> },
      { key: 'id', header: 'ID', sortKey: 'id', cell: (r) => <span title={r.id}>{idBreve(r.id)}</span> },
      { key: 'data', header: 'Data ultima modifica', sortKey: 'dataUltimaModifica', cell: (r) => formatDisplayDate(r.dataUltimaModifica) },
      { key: 'stato', header: 'Stato', sortKey: 'stato', cell: (r) => <StatusChip value={r.stato} /> },
      { key: 'scd', header: 'Default SCD', cell: (r) => <Default on={r.defaultSCD} tipo="SCD" /> },
      { key: 'rfd', header: 'Default RFD', cell: (r) => <Default on={r.defaultRFD} tipo="RFD" /> },
    ],
    rowKey: (r) => r.id,
    summary: (r) => r.nome,
    actions: (r) => [{ label: 'Visualizza', name: `Visualizza ${r.nome}`, to: questionarioPath(r.id), breadcrumb: { path: questionarioPath(r.id), label: r.nome } }],
    search: { label: 'Cerca questionario', placeholder: "Inserisci il nome o l'ID del questionario" },
    filters: [
      { key: 'stato', label: 'Stato', optionsKey: modelliKeys.stati(), loadOptions: (signal) => fetchDropdown('questionarioTemplate', 'stati', signal) },
    ],
    defaultSort: { campo: 'nome', verso: 'asc' },
    queryKey: modelliKeys.lista(),
    fetchPage: async (s, signal) => {
      const d = await fetchListPage('questionarioTemplate', s.page, body(s), QuestionariTemplateListaSchema, signal)
      return { rows: d.questionariTemplate, total: d.numeroTotaleElementi, totalPages: d.numeroPagine }
    },
    countLabel: (n) => countLabel(n, 'questionario', 'questionari'),
    persist: true,
    errorMessage: 'Non è stato possibile caricare i questionari. Controlla la connessione e riprova.',
    download: canDownload ? (s) => downloadCsv('questionarioTemplate', body(s), 'questionari.csv') : undefined,
  }
}
