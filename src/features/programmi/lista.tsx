/**
 * 'Elenco programmi' on the list pattern (spec 002 §2 columns for entities: Nome, ID, Intervento, Ente
 * gestore, Stato; platform-frontend §1.4): `POST programma/all` with the filters of platform-backend §13
 * (`filtroCriterioRicerca`, `filtroPolicies`, `filtroStati`) and `ordinamento`; dropdowns `policies` and
 * `stati`; CSV `programma/download` → programmi.csv with list.dwnl.prgm; row action 'Visualizza' → info.
 */
import { ProgrammiListaSchema, type FiltroProgrammiSchema, type ProgrammaRiga } from '../../api/contract/amministrazione'
import { compact, filterValues, type ListState } from '../../ui/list/list-state'
import { adminListDefinition, colonneInterventoGestoreStato, type AdminListOptions } from '../../ui/list/admin-list'
import type * as v from 'valibot'

type Filtro = v.InferOutput<typeof FiltroProgrammiSchema>

/** URL keys of the filters and their dropdown types. */
export const FILTRI_PROGRAMMI = { intervento: 'policies', stato: 'stati' } as const

/** The wire filter of the list's state (empty parts left out). */
export function filtroProgrammi(s: ListState): Filtro {
  return compact({ filtroCriterioRicerca: s.q || undefined, filtroPolicies: filterValues(s, 'intervento'), filtroStati: filterValues(s, 'stato') })
}

export const programmaPath = (id: number) => `/area-amministrativa/programmi/${id}`

/** The programmes list (adminListDefinition, ui/list/admin-list.tsx). */
export const LISTA_PROGRAMMI = {
  entity: 'programma', plural: 'programmi', singular: 'programma', theseRows: 'i programmi', caption: 'Elenco programmi',
  columns: colonneInterventoGestoreStato<ProgrammaRiga>(),
  path: programmaPath, tab: '/info',
  search: { label: 'Cerca programma', placeholder: "Inserisci l'ID, il nome o il codice del programma" },
  filters: [['intervento', 'Intervento', 'policies'], ['stato', 'Stato', 'stati']],
  filtro: filtroProgrammi, schema: ProgrammiListaSchema, rows: (d) => d.programmi, persist: true,
} satisfies AdminListOptions<ProgrammaRiga, typeof ProgrammiListaSchema>

/** The definition of the programmes list; `canDownload`: the profile holds list.dwnl.prgm. */
export const programmiDefinition = (canDownload: boolean) => adminListDefinition(LISTA_PROGRAMMI, canDownload)
