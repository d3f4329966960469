/**
 * The wire half every server list shares (spec 002 §2 "List screens share one pattern"; platform-backend §4 the
 * generic list engine): pages of `POST {entity}/all` (body `{ filtroRequest, ordinamento }` from the list's
 * state, answer checked by `schema`, totals `numeroTotaleElementi`/`numeroPagine`), the query key within the
 * profile's scope, the count label, the error message and the CSV of `POST {entity}/download`. A list's
 * definition spreads `wireList(…)` and states the rest (caption, columns, search, filters, actions).
 * Used by admin-list.tsx (programmes, projects, bodies, users) and by the lists of tickets,
 * minors' enablements, roles and mass uploads.
 */
import type { StandardSchemaV1, StandardSchemaV1InferOutput } from 'ky'
import { downloadCsv, fetchListPage, listBody, profileScope } from '../../api/lists'
import { countLabel } from '../../lib/plural'
import type { ListState } from './list-state'
import type { ListDefinition } from './ServerList'

/** What a list says of its wire. */
export interface WireListOptions<R, S extends StandardSchemaV1> {
  /** wire entity: `POST {entity}/all`, `{entity}/download` */
  entity: string
  /** the wire filter (`filtroRequest`) of the list's state */
  filtro(s: ListState): object
  schema: S
  /** the rows of a parsed answer */
  rows(answer: StandardSchemaV1InferOutput<S>): R[]
  /** query-key root; the profile's scope is appended unless `scoped` is false (a list the same for every profile) */
  queryKey: readonly unknown[]
  scoped?: boolean
  /** count label: '1 ruolo', '3 ruoli' */
  singular: string
  plural: string
  /** article + plural of the error message: 'i ruoli' → 'Non è stato possibile caricare i ruoli. …' */
  theseRows: string
  /** CSV file name of the download; absent: no CSV button (e.g. without the permission) */
  csv?: string
}

/** The totals every list answer carries. */
interface Totals { numeroTotaleElementi: number; numeroPagine: number }

/** The definition's wire part: queryKey, fetchPage, countLabel, errorMessage, download. */
export function wireList<R, S extends StandardSchemaV1>(o: WireListOptions<R, S>): Pick<ListDefinition<R>, 'queryKey' | 'fetchPage' | 'countLabel' | 'errorMessage' | 'download'> {
  const body = (s: ListState) => listBody(o.filtro(s), s.sort)
  const csv = o.csv
  return {
    queryKey: o.scoped === false ? [...o.queryKey] : [...o.queryKey, ...profileScope()],
    fetchPage: async (s, signal) => {
      const d = await fetchListPage(o.entity, s.page, body(s), o.schema, signal)
      const t = d as unknown as Totals
      return { rows: o.rows(d), total: t.numeroTotaleElementi, totalPages: t.numeroPagine }
    },
    countLabel: (n) => countLabel(n, o.singular, o.plural),
    errorMessage: `Non è stato possibile caricare ${o.theseRows}. Controlla la connessione e riprova.`,
    download: csv ? (s) => downloadCsv(o.entity, body(s), csv) : undefined,
  }
}
