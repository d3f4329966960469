/**
 * 'Elenco enti' on the list pattern (spec 002 §2 columns for bodies: Nome, ID, 'Tipologia ente', Profili):
 * `POST ente/all` with `criterioRicerca`, `profili`, `idsProgrammi`, `idsProgetti`, `filtroPolicies`
 * (platform-backend §13) and `ordinamento`; dropdowns `profili`, `programmi`, `progetti`, `policies`; CSV
 * `ente/download` → enti.csv with list.dwnl.enti; row action 'Visualizza' → the body's page.
 */
import { EntiListaSchema, type EnteRiga, type FiltroEntiSchema } from '../../api/contract/amministrazione'
import { compact, filterIds, filterValues, type ListState } from '../../ui/list/list-state'
import { adminListDefinition, type AdminListOptions } from '../../ui/list/admin-list'
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

/** The bodies list (adminListDefinition, ui/list/admin-list.tsx). */
export const LISTA_ENTI = {
  entity: 'ente', plural: 'enti', singular: 'ente', theseRows: 'gli enti', caption: 'Elenco enti',
  columns: [
    { key: 'tipologia', header: 'Tipologia ente', sortKey: 'tipologia', cell: (r: EnteRiga) => r.tipologia ?? '—' },
    { key: 'profilo', header: 'Profili', cell: (r: EnteRiga) => r.profilo },
  ],
  path: entePath,
  search: { label: 'Cerca ente', placeholder: "Inserisci l'ID, il nome o la partita IVA dell'ente" },
  filters: [['profilo', 'Profilo', 'profili'], ['programma', 'Programma', 'programmi'], ['progetto', 'Progetto', 'progetti'], ['intervento', 'Intervento', 'policies']],
  filtro: filtroEnti, schema: EntiListaSchema, rows: (d) => d.enti, persist: true,
} satisfies AdminListOptions<EnteRiga, typeof EntiListaSchema>

/** The definition of the bodies list; `canDownload`: the profile holds list.dwnl.enti. */
export const entiDefinition = (canDownload: boolean) => adminListDefinition(LISTA_ENTI, canDownload)
