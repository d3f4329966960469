/**
 * In-memory logic of the 'Elenco servizi' list for facilitators and volunteers (their services live on
 * the device), and the row model shared with the managers' online list (spec 002 §2: columns nome, id,
 * tipologiaServizio, data, nomeSede, stato; filters 'Tipo di servizio prenotato' and 'Stato'; search by
 * id or name, as the server does: platform-backend §5.1; 8 rows per page).
 */
import { STATI_SERVIZIO, type FiltroServizi, type ServizioRiga, type StatoServizio } from '../../../api/contract/servizio'
import { TIPOLOGIA_SERVIZIO } from '../../../api/contract/enums'
import type { ServizioLocale } from '../../campo'
import type { RecordSyncState } from '../../../offline'
import { sortBy } from '../form/q3-questions'
import type { ListState } from '../../../ui/list/list-state'

/** Filters of the list as the page holds them. */
export interface FiltriServizi {
  /** the search text: a service id or part of its name */
  criterio: string
  tipologie: string[]
  stati: string[]
}

export const FILTRI_VUOTI: FiltriServizi = { criterio: '', tipologie: [], stati: [] }

/** One row of the table, whatever its source. */
export interface RigaServizio {
  key: string
  /** the id used in the detail URL: the server id, or the device id of a service not yet sent */
  routeId: string
  /** server id (null until the server confirmed the creation) */
  id: number | null
  nome: string
  tipologia: string[]
  /** service date 'YYYY-MM-DD' */
  data: string
  nomeSede: string
  stato: StatoServizio
  /** device state for field rows; undefined for rows read from the server */
  syncState?: RecordSyncState
}

const norm = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase()

/** Search rule of the server: digits match the id exactly or the name; other text matches the name (any case, any accents). */
export function matchesCriterio(row: Pick<RigaServizio, 'id' | 'nome'>, criterio: string): boolean {
  const q = criterio.trim()
  if (q === '') return true
  const byName = norm(row.nome).includes(norm(q))
  return /^\d{1,9}$/.test(q) ? row.id === Number(q) || byName : byName
}

/** True when the row passes every filter (types and states are OR-ed within themselves). */
export function matchesFiltri(row: RigaServizio, f: FiltriServizi): boolean {
  if (!matchesCriterio(row, f.criterio)) return false
  if (f.tipologie.length > 0 && !row.tipologia.some((t) => f.tipologie.includes(t))) return false
  if (f.stati.length > 0 && !f.stati.includes(row.stato)) return false
  return true
}

/** Row of a service on the device. */
export function rigaDaLocale(s: ServizioLocale): RigaServizio {
  return {
    key: s.idLocale,
    routeId: s.idServer !== null ? String(s.idServer) : s.idLocale,
    id: s.idServer,
    nome: s.nome,
    tipologia: s.tipologiaServizio,
    data: s.data,
    nomeSede: s.nomeSede,
    stato: s.stato,
    syncState: s.syncState,
  }
}

/** Row of a service read from `POST servizio/all`. */
export function rigaDaServer(r: ServizioRiga): RigaServizio {
  return { key: `srv-${r.id}`, routeId: String(r.id), id: r.id, nome: r.nome, tipologia: r.tipologiaServizio, data: r.data, nomeSede: r.nomeSede, stato: r.stato }
}

/** The rows that pass the filters, newest date first (same date: the input order is kept). */
export function filtraRighe(rows: readonly RigaServizio[], f: FiltriServizi): RigaServizio[] {
  return rows.filter((r) => matchesFiltri(r, f)).sort((a, b) => (a.data === b.data ? 0 : a.data < b.data ? 1 : -1))
}

/** Options of 'Tipo di servizio prenotato': the types present, in the enumeration's order. */
export function opzioniTipologia(rows: readonly RigaServizio[]): string[] {
  return sortBy([...new Set(rows.flatMap((r) => r.tipologia))], TIPOLOGIA_SERVIZIO)
}

/** Options of 'Stato': the states present, in lifecycle order. */
export function opzioniStato(rows: readonly RigaServizio[]): string[] {
  return sortBy([...new Set(rows.map((r) => r.stato))], STATI_SERVIZIO)
}

/** The wire filter of `POST servizio/all` and `POST servizio/download` (empty parts omitted). */
export function filtroRequest(f: FiltriServizi): FiltroServizi {
  const out: FiltroServizi = {}
  if (f.criterio.trim() !== '') out.criterioRicerca = f.criterio.trim()
  if (f.tipologie.length > 0) out.tipologiaServizio = [...f.tipologie]
  if (f.stati.length > 0) out.stato = [...f.stati]
  return out
}

/** True when any filter or search is active. */
export function hasFiltri(f: FiltriServizi): boolean {
  return f.criterio.trim() !== '' || f.tipologie.length > 0 || f.stati.length > 0
}

/** URL keys of the list's filters (search params of /area-amministrativa/servizi). */
export const FILTRO_TIPOLOGIA = 'tipologia'
export const FILTRO_STATO = 'stato'

/** The list's URL state as the services filters. */
export function filtriDaStato(s: ListState): FiltriServizi {
  return { criterio: s.q, tipologie: [...(s.filters[FILTRO_TIPOLOGIA] ?? [])], stati: [...(s.filters[FILTRO_STATO] ?? [])] }
}
