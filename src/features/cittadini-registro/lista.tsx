/**
 * 'Area cittadini' list on the list pattern (spec 002 §2 'Citizens' columns: fiscal code, 'Numero servizi',
 * 'Questionari compilati', 'Data ultimo aggiornamento'; platform-backend §6.5): `POST cittadino/all` with
 * `criterioRicerca` (fiscal code, document number or ID: matched on the server through the keyed hash),
 * `idsSedi`, `fasceDiEta`; dropdowns `sedi`, `fasceDiEta`; CSV `cittadino/download` → cittadini.csv with
 * list.dwnl.citt; row action 'Visualizza' → the citizen's page. The code shown is the stored mask.
 */
import type * as v from 'valibot'
import { CittadiniListaSchema, type CittadinoRiga, type FiltroCittadiniSchema } from '../../api/contract/registro-cittadini'
import { downloadCsv, fetchDropdown, fetchListPage, listBody } from '../../api/lists'
import { registroKeys } from './keys'
import { formatDisplayDate } from '../../lib/dates'
import { NO_MASK, shortMask } from '../../lib/masked-identity'
import { countLabel } from '../../lib/plural'
import { compact, filterValues, type ListState } from '../../ui/list/list-state'
import type { ListDefinition } from '../../ui/list/ServerList'

type Filtro = v.InferOutput<typeof FiltroCittadiniSchema>

/** The wire filter of the list's state (empty parts left out). */
export function filtroCittadini(s: ListState): Filtro {
  return compact({ criterioRicerca: s.q || undefined, idsSedi: filterValues(s, 'sede'), fasceDiEta: filterValues(s, 'fascia') })
}

export const cittadinoPath = (id: number | string) => `/area-cittadini/${id}`

/** How a citizen is named on screen: its mask, or 'Cittadino {id}' without one. */
export const nomeCittadino = (r: { id: number; identificativoMascherato: string | null }) =>
  r.identificativoMascherato ? `Cittadino ${shortMask(r.identificativoMascherato)}` : `Cittadino ${r.id}`

/** What the identifier column shows: the mask; for an anonymised citizen (issue 28) why it has none. */
export const identificativoCittadino = (r: { identificativoMascherato: string | null; anonimizzato?: 'conservazione' | 'cancellazione' | null }) =>
  r.identificativoMascherato ?? (r.anonimizzato === 'cancellazione' ? 'Cancellato su richiesta' : r.anonimizzato === 'conservazione' ? 'Anonimizzato' : NO_MASK)

/** The definition of the citizens list; `canDownload`: the profile holds list.dwnl.citt. */
export function cittadiniDefinition(canDownload: boolean): ListDefinition<CittadinoRiga> {
  const body = (s: ListState) => listBody(filtroCittadini(s), s.sort)
  const dropdown = (key: string, label: string, tipo: string) => ({
    key,
    label,
    optionsKey: registroKeys.dropdown(tipo),
    loadOptions: (signal: AbortSignal) => fetchDropdown('cittadino', tipo, signal),
  })
  return {
    caption: 'Elenco cittadini',
    columns: [
      { key: 'cf', header: 'Codice fiscale', cell: (r) => <span className="fw-semibold pd-mask">{identificativoCittadino(r)}</span> },
      { key: 'id', header: 'ID', sortKey: 'id', cell: (r) => r.id },
      { key: 'servizi', header: 'Numero servizi', cell: (r) => r.numeroServizi },
      { key: 'questionari', header: 'Questionari compilati', cell: (r) => r.numeroQuestionariCompilati },
      { key: 'aggiornato', header: 'Data ultimo aggiornamento', sortKey: 'dataUltimoAggiornamento', cell: (r) => formatDisplayDate(r.dataUltimoAggiornamento) },
    ],
    rowKey: (r) => String(r.id),
    summary: (r) => nomeCittadino(r),
    actions: (r) => [{ label: 'Visualizza', name: `Visualizza ${nomeCittadino(r)}`, to: cittadinoPath(r.id), breadcrumb: { path: cittadinoPath(r.id), label: nomeCittadino(r) } }],
    search: { label: 'Cerca cittadino', placeholder: 'Inserisci il codice fiscale, il numero del documento o l’ID' },
    filters: [dropdown('sede', 'Sede', 'sedi'), dropdown('fascia', 'Fascia di età', 'fasceDiEta')],
    defaultSort: { campo: 'dataUltimoAggiornamento', verso: 'desc' },
    queryKey: registroKeys.lista(),
    fetchPage: async (s, signal) => {
      const d = await fetchListPage('cittadino', s.page, body(s), CittadiniListaSchema, signal)
      return { rows: d.cittadini, total: d.numeroTotaleElementi, totalPages: d.numeroPagine }
    },
    countLabel: (n) => countLabel(n, 'cittadino', 'cittadini'),
    errorMessage: 'Non è stato possibile caricare i cittadini. Controlla la connessione e riprova.',
    download: canDownload ? (s) => downloadCsv('cittadino', body(s), 'cittadini.csv') : undefined,
  }
}
