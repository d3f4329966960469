/**
 * The generic list engine (spec 002 §2 "List screens share one pattern", §7 "Generic entity calls";
 * platform-backend §4.4 scoping, §13 envelopes; defect §16.8 fixed): one definition per entity
 * (`ListDefinition`) says where the rows come from, which rows the caller may see (scope), how the
 * filters and the search narrow them, which columns may sort them, how a row goes on the wire and in the
 * CSV, and which dropdowns the list offers. The engine turns a definition into:
 * - `pageOf`: one page in SQL (COUNT + ORDER BY … LIMIT/OFFSET, id as tie-breaker), 400 G03 beyond the last page;
 * - `csvChunks`: the whole filtered list as CSV text chunks, read in keyset batches (never the whole result
 *   in memory), in the list's order;
 * - both pick the ids and sort keys of a page or batch first and read the columns of those rows only (late row
 *   lookup), so that covering indexes (e.g. `servizio_progetto_data_idx`) choose the rows without the table;
 * - dropdown answers computed over the caller's scope.
 *
 * Search is case- and accent-insensitive: both sides go through `pd_fold` (lower case, Italian accents
 * removed; an IMMUTABLE SQL function of migration 0005) and the folded term is matched as a substring. The
 * administrative tables keep their folded search text in a stored generated column `ricerca` (migration
 * 0005), so a search reads one precomputed text per row instead of folding several columns per row.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/types'
import { badRequest } from '../../errors'
import type { Caller } from '../profile'
import { CSV_BOM, csvLine as line, type CsvValue } from '../../../src/lib/csv'
import type { Opzione } from '../../../src/api/contract/servizio'

/** Sort request of the body (`ordinamento`); undefined → the list's default. */
export interface SortRequest { campo: string; verso: 'asc' | 'desc' }

/**
 * Most options one dropdown answers (issue 25 point 3): the providers whose options grow with the data
 * (sites, bodies, projects, programmes) read at most `limit` rows (the route asks one more than this, to
 * know that it cut the answer, and says so in the `x-opzioni-troncate` header).
 */
export const DROPDOWN_MAX = 1000

/** A dropdown: its answer computed over the caller's scope, at most `limit` options when they grow with the data. */
export type DropdownProvider = (db: Executor, caller: Caller, limit: number) => Promise<string[] | Opzione[]>

/**
 * One list. `F` is the filter object of the body (`filtroRequest`), `R` the wire row.
 * SQL fragments may use the tables of `from` by their names (drizzle columns render qualified).
 */
export interface ListDefinition<F, R> {
  /** path segment: `/api/{entity}/all` */
  entity: string
  /** key of the rows in the answer (`programmi`, `progetti`, …) */
  rowsKey: string
  /** FROM clause (table and joins) */
  from: SQL
  /** the id column (tie-breaker of every order, and of the keyset) */
  id: SQL
  /** WHERE parts: scope of the caller (platform-backend §4.4) and filters; undefined parts are skipped */
  where(caller: Caller, filtro: F | null | undefined): (SQL | undefined)[]
  /** selected expressions, by output name, read by `toRow` (a column may depend on the caller's scope) */
  columns(caller: Caller): Record<string, SQL>
  /**
   * Optional: a query answering `{n}`, the exact number of rows `where` selects for these arguments, cheaper
   * than counting them (e.g. from a counter table kept by triggers); undefined (or no hook) → COUNT(*).
   */
  count?(caller: Caller, filtro: F | null | undefined): SQL | undefined
  /** sortable columns: `ordinamento.campo` → non-null sort expressions (id is appended) */
  sortable: Record<string, SQL[]>
  defaultSort: SortRequest
  toRow(raw: Record<string, unknown>): R
  csv: { filename: string; header: readonly string[]; cells(row: R): CsvValue[] }
  /** `dropdownType` → provider; a type not listed answers 404 C01 */
  dropdowns: Record<string, DropdownProvider>
  /** permission codes: list (`/all`, dropdowns) and download */
  permissions: { list: string; download: string }
}

/** An answer page: rows under the definition's key plus the totals. */
export type Page<R> = Record<string, R[] | number> & { numeroPagine: number; numeroTotaleElementi: number }

/** Rows of a raw query, whichever the driver (PGlite and node-postgres both answer `{rows}`). */
export async function rowsOf(db: Executor, query: SQL): Promise<Record<string, unknown>[]> {
  const result = await db.execute(query) as unknown as { rows: Record<string, unknown>[] }
  return result.rows
}

/** `term` as `pd_fold` folds it: accents removed, typographic apostrophe made plain, lower case. */
export function foldTerm(term: string): string {
  return term.normalize('NFD').replace(/\p{M}/gu, '').replace(/’/g, "'").toLowerCase()
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * The search condition: any of `folded` (expressions already folded by `pd_fold`, e.g. a list's stored
 * `ricerca` column) contains the folded term, or (when the term is 1–9 digits) the id equals it.
 * Undefined for an empty term.
 */
export function searchCondition(term: string | null | undefined, folded: SQL[], id?: SQL): SQL | undefined {
  const t = term?.trim()
  if (!t) return undefined
  const pattern = `%${escapeLike(foldTerm(t))}%`
  const parts = folded.map((text) => sql`${text} like ${pattern}`)
  if (id && /^\d{1,9}$/.test(t)) parts.push(sql`${id} = ${Number(t)}`)
  return sql`(${sql.join(parts, sql` or `)})`
}

/** Values of a filter list, blanks removed; undefined when nothing is left (no filter). */
export function filterValues<T extends string | number>(values: readonly T[] | null | undefined): T[] | undefined {
  const kept = (values ?? []).filter((value) => value !== '')
  return kept.length > 0 ? kept : undefined
}

/** `expr in (values)` as SQL (values bound as parameters). */
export function inList(expr: SQL, values: readonly (string | number)[]): SQL {
  return sql`${expr} in (${sql.join(values.map((value) => sql`${value}`), sql`, `)})`
}

/** `false`: the caller sees nothing. */
export const NOTHING = sql`false`

/** The parts joined by AND (`true` when none is left). */
export function whereClause(parts: (SQL | undefined)[]): SQL {
  const kept = parts.filter((p): p is SQL => p !== undefined)
  return kept.length === 0 ? sql`true` : sql.join(kept.map((p) => sql`(${p})`), sql` and `)
}

/** The sort expressions (id last) and direction; an undeclared column answers 400 G02. */
function sortOf<F, R>(def: ListDefinition<F, R>, req: SortRequest | null | undefined): { keys: SQL[]; desc: boolean } {
  const wanted = req ?? def.defaultSort
  const keys = Object.hasOwn(def.sortable, wanted.campo) ? def.sortable[wanted.campo] : undefined
  if (!keys) throw badRequest('G02', `Ordinamento non disponibile: ${wanted.campo}.`)
  return { keys: [...keys, def.id], desc: wanted.verso === 'desc' }
}

function orderBy(keys: SQL[], desc: boolean): SQL {
  return sql.join(keys.map((k) => (desc ? sql`${k} desc` : sql`${k} asc`)), sql`, `)
}

function selectList(columns: Record<string, SQL>): SQL {
  return sql.join(Object.entries(columns).map(([name, expr]) => sql`${expr} as ${sql.identifier(name)}`), sql`, `)
}

/** `p.__k0, p.__k1, …`: the sort keys of the picked rows (see `pageOf`, `csvChunks`). */
const pageKeys = (n: number) => Array.from({ length: n }, (_, i) => sql`p.${sql.identifier(`__k${i}`)}`)

/** Largest count for which a page is computed by filtering first and sorting the matches (see `pageOf`). */
export const FILTER_FIRST_MAX = 2000

/**
 * One page of the list for the caller: `{[rowsKey]: rows, numeroPagine, numeroTotaleElementi}`; 400 G03
 * for a page beyond the last (page 0 of an empty list is an empty page), 400 G02 for an undeclared sort.
 * COUNT first (or the definition's `count` hook); with at most FILTER_FIRST_MAX matches the page is sorted from the matches (materialised),
 * otherwise read along the sort order with LIMIT/OFFSET (the `*_nome_fold_idx` indexes).
 */
export async function pageOf<F, R>(
  db: Executor, def: ListDefinition<F, R>, caller: Caller, filtro: F | null | undefined,
  ordinamento: SortRequest | null | undefined, page: { currPage: number; pageSize: number }, filterFirstMax = FILTER_FIRST_MAX,
): Promise<Page<R>> {
  const where = whereClause(def.where(caller, filtro))
  const sort = sortOf(def, ordinamento)
  const [total] = await rowsOf(db, def.count?.(caller, filtro) ?? sql`select count(*)::int as n from ${def.from} where ${where}`)
  const numeroTotaleElementi = Number(total?.n ?? 0)
  const numeroPagine = Math.ceil(numeroTotaleElementi / page.pageSize)
  if (page.currPage > 0 && page.currPage >= numeroPagine) throw badRequest('G03')
  const limit = sql`limit ${page.pageSize} offset ${page.currPage * page.pageSize}`
  const keyNames = sort.keys.map((_, i) => sql`${sql.identifier(`__k${i}`)}`)
  const keys = sql.join(sort.keys.map((k, i) => sql`${k} as ${keyNames[i]}`), sql`, `)
  // the page's ids and sort keys are chosen first (from an index alone when one covers the keys and the
  // conditions), then only those rows are read for their columns (late row lookup)
  const pick = numeroTotaleElementi <= filterFirstMax
    // few matches (a search, a narrow scope): filter first, then sort only the matches. Walking the sort
    // index instead would read the whole table when the matches are rare.
    ? sql`m as materialized (select ${def.id} as __id, ${keys} from ${def.from} where ${where}),
      p as (select * from m order by ${orderBy(keyNames, sort.desc)} ${limit})`
    : sql`p as (select ${def.id} as __id, ${keys} from ${def.from} where ${where} order by ${orderBy(sort.keys, sort.desc)} ${limit})`
  const rows = await rowsOf(db, sql`with ${pick} select ${selectList(def.columns(caller))} from ${def.from} join p on ${def.id} = p.__id
    order by ${orderBy(pageKeys(sort.keys.length), sort.desc)}`)
  return { [def.rowsKey]: rows.map((r) => def.toRow(r)), numeroPagine, numeroTotaleElementi } as Page<R>
}

/** Rows read per query while exporting. */
export const CSV_BATCH_ROWS = 500

/**
 * The whole filtered list as CSV text chunks: first the BOM and the header line, then one chunk per
 * batch of `batchRows` rows, read with a keyset on the list's sort keys (`(k…, id) > (last…)`), so that
 * memory holds one batch at a time whatever the list's size. Lines end with CRLF, fields as src/lib/csv.ts says.
 * `conta` is told each batch's row count (the access register's count of an export, issue 28).
 */
export async function* csvChunks<F, R>(
  db: Executor, def: ListDefinition<F, R>, caller: Caller, filtro: F | null | undefined,
  ordinamento: SortRequest | null | undefined, batchRows = CSV_BATCH_ROWS, conta?: (righe: number) => void,
): AsyncGenerator<string> {
  const where = whereClause(def.where(caller, filtro))
  const sort = sortOf(def, ordinamento)
  const keyNames = sort.keys.map((_, i) => `__k${i}`)
  const keys = sql.join(sort.keys.map((k, i) => sql`${k} as ${sql.identifier(keyNames[i] as string)}`), sql`, `)
  const select = sql.join([selectList(def.columns(caller)), ...pageKeys(sort.keys.length).map((k, i) => sql`${k} as ${sql.identifier(keyNames[i] as string)}`)], sql`, `)
  yield CSV_BOM + line(def.csv.header)
  let last: unknown[] | undefined
  for (;;) {
    const after = last === undefined ? undefined
      : sql`(${sql.join(sort.keys, sql`, `)}) ${sort.desc ? sql`<` : sql`>`} (${sql.join(last.map((v) => sql`${v}`), sql`, `)})`
    // the batch's ids and keys first, then its rows (late row lookup, as in `pageOf`)
    const rows = await rowsOf(db, sql`with p as (select ${def.id} as __id, ${keys} from ${def.from} where ${whereClause([where, after])}
      order by ${orderBy(sort.keys, sort.desc)} limit ${batchRows})
      select ${select} from ${def.from} join p on ${def.id} = p.__id order by ${orderBy(pageKeys(sort.keys.length), sort.desc)}`)
    if (rows.length === 0) return
    conta?.(rows.length)
    yield rows.map((r) => line(def.csv.cells(def.toRow(r)))).join('')
    if (rows.length < batchRows) return
    const lastRow = rows[rows.length - 1] as Record<string, unknown>
    last = keyNames.map((k) => lastRow[k])
  }
}
