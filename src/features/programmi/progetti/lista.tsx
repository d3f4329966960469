/**
 * 'Elenco progetti' on the list pattern (spec 002 §2 columns for entities: Nome, ID, Intervento, Ente
 * gestore, Stato): `POST progetto/all` with `filtroCriterioRicerca`, `filtroPolicies`, `filtroStati`,
 * `filtroIdsProgrammi` (platform-backend §13) and `ordinamento`; dropdowns `policies`, `stati`, `programmi`;
 * CSV `progetto/download` → progetti.csv with list.dwnl.prgt; row action 'Visualizza' → info.
 */
import { ProgettiListaSchema, type FiltroProgettiSchema, type ProgettoRiga } from '../../../api/contract/amministrazione'
import { compact, filterIds, filterValues, type ListState } from '../../../ui/list/list-state'
import { adminListDefinition, colonneInterventoGestoreStato, type AdminListOptions } from '../../../ui/list/admin-list'
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

/** The projects list (adminListDefinition, ui/list/admin-list.tsx). */
export const LISTA_PROGETTI = {
  entity: 'progetto', plural: 'progetti', singular: 'progetto', theseRows: 'i progetti', caption: 'Elenco progetti',
  columns: colonneInterventoGestoreStato<ProgettoRiga>(),
  path: progettoPath, tab: '/info',
  search: { label: 'Cerca progetto', placeholder: "Inserisci l'ID o il nome del progetto" },
  filters: [['programma', 'Programma', 'programmi'], ['intervento', 'Intervento', 'policies'], ['stato', 'Stato', 'stati']],
  filtro: filtroProgetti, schema: ProgettiListaSchema, rows: (d) => d.progetti, persist: true,
} satisfies AdminListOptions<ProgettoRiga, typeof ProgettiListaSchema>

/** The definition of the projects list; `canDownload`: the profile holds list.dwnl.prgt. */
export const progettiDefinition = (canDownload: boolean) => adminListDefinition(LISTA_PROGETTI, canDownload)
