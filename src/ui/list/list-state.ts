/**
 * State of a list screen (spec 002 §2 "List screens share one pattern") and its place in the URL: the
 * page (1-based, first page 1), the search text, the chosen values of each filter and the sort. It lives
 * in the URL search params so that back/forward and a shared link restore the same list:
 * `?pagina=2&cerca=rossi&stato=["ATTIVO"]&ordina=nome:desc` (arrays as the router writes them, JSON).
 * Defaults are left out of the URL (page 1, no search, no filter, the list's default sort). Pure.
 */

/** Sort of a list: a column's sort key and its direction (wire `ordinamento`). */
export interface ListSort {
  campo: string
  verso: 'asc' | 'desc'
}

export interface ListState {
  /** 1-based page */
  page: number
  /** search text, trimmed ('' = none) */
  q: string
  /** chosen values by filter key (values are strings; ids are their decimal text) */
  filters: Readonly<Record<string, readonly string[]>>
  sort: ListSort | null
}

/** Search-param names of the state (filter keys must differ from them). */
export const LIST_PARAMS = { page: 'pagina', q: 'cerca', sort: 'ordina' } as const

const MAX_VALUES = 50
const MAX_TEXT = 200

/** The empty state of a list with these filter keys. */
export function emptyListState(filterKeys: readonly string[], sort: ListSort | null = null): ListState {
  return { page: 1, q: '', filters: Object.fromEntries(filterKeys.map((k) => [k, []])), sort }
}

function text(v: unknown): string | null {
  if (typeof v === 'string') return v
  if (typeof v === 'number' && Number.isFinite(v)) return String(v)
  return null
}

function values(v: unknown): string[] {
  const list = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]
  const out = list.map(text).filter((s): s is string => s !== null && s !== '' && s.length <= MAX_TEXT)
  return [...new Set(out)].slice(0, MAX_VALUES)
}

/** 'nome:desc' → {campo: 'nome', verso: 'desc'}; null when malformed or `campo` is not in `sortable`. */
export function parseSort(v: unknown, sortable: readonly string[]): ListSort | null {
  const s = text(v)
  const m = s ? /^([A-Za-z][\w.]{0,39}):(asc|desc)$/.exec(s) : null
  if (!m || !sortable.includes(m[1]!)) return null
  return { campo: m[1]!, verso: m[2] as 'asc' | 'desc' }
}

/**
 * Reads the state from the router's parsed search object (values may arrive as numbers, strings or
 * arrays; anything malformed falls back to the default). Unknown filter keys and sort keys are ignored.
 */
export function parseListSearch(search: Readonly<Record<string, unknown>>, filterKeys: readonly string[], sortable: readonly string[] = [], defaultSort: ListSort | null = null): ListState {
  const p = Number(text(search[LIST_PARAMS.page]) ?? '1')
  const page = Number.isInteger(p) && p >= 1 && p <= 1_000_000 ? p : 1
  const q = (text(search[LIST_PARAMS.q]) ?? '').trim().slice(0, MAX_TEXT)
  const filters = Object.fromEntries(filterKeys.map((k) => [k, values(search[k])]))
  return { page, q, filters, sort: parseSort(search[LIST_PARAMS.sort], sortable) ?? defaultSort }
}

const sameSort = (a: ListSort | null, b: ListSort | null) => a?.campo === b?.campo && a?.verso === b?.verso

/**
 * The search object of `state`, merged over `previous` (other params are kept): list params at their
 * default are removed.
 */
export function listSearch(previous: Readonly<Record<string, unknown>>, state: ListState, defaultSort: ListSort | null = null): Record<string, unknown> {
  const out: Record<string, unknown> = { ...previous }
  const set = (k: string, v: unknown, isDefault: boolean) => {
    if (isDefault) delete out[k]
    else out[k] = v
  }
  set(LIST_PARAMS.page, state.page, state.page <= 1)
  set(LIST_PARAMS.q, state.q, state.q === '')
  for (const [k, vs] of Object.entries(state.filters)) set(k, [...vs], vs.length === 0)
  set(LIST_PARAMS.sort, state.sort ? `${state.sort.campo}:${state.sort.verso}` : undefined, !state.sort || sameSort(state.sort, defaultSort))
  return out
}

/** Sort after a click on a column's header: that column ascending, or the other direction when it is the current one. */
export function nextSort(current: ListSort | null, campo: string): ListSort {
  return current?.campo === campo ? { campo, verso: current.verso === 'asc' ? 'desc' : 'asc' } : { campo, verso: 'asc' }
}

/** New state with one filter's values changed: back to page 1. */
export function withFilter(state: ListState, key: string, vs: readonly string[]): ListState {
  return { ...state, page: 1, filters: { ...state.filters, [key]: [...vs] } }
}

/** New state with another search text: back to page 1. */
export function withSearch(state: ListState, q: string): ListState {
  return { ...state, page: 1, q: q.trim() }
}

/** New state without any search or filter (sort kept): back to page 1. */
export function withoutFilters(state: ListState): ListState {
  return { ...state, page: 1, q: '', filters: Object.fromEntries(Object.keys(state.filters).map((k) => [k, []])) }
}

/** True when a search or a filter value is active. */
export function hasActiveFilters(state: ListState): boolean {
  return state.q !== '' || Object.values(state.filters).some((v) => v.length > 0)
}

const collator = new Intl.Collator('it', { sensitivity: 'base', numeric: true })

/**
 * In-memory sort (lists read from the device): by `value(row, campo)`, numbers numerically, text in
 * Italian collation; stable; `sort` null keeps the input order.
 */
export function sortRows<T>(rows: readonly T[], sort: ListSort | null, value: (row: T, campo: string) => string | number | null): T[] {
  if (!sort) return [...rows]
  const dir = sort.verso === 'asc' ? 1 : -1
  return rows
    .map((r, i) => ({ r, i, v: value(r, sort.campo) }))
    .sort((a, b) => {
      const c =
        a.v === b.v ? 0 : a.v === null ? 1 : b.v === null ? -1 : typeof a.v === 'number' && typeof b.v === 'number' ? a.v - b.v : collator.compare(String(a.v), String(b.v))
      return c !== 0 ? c * dir : a.i - b.i
    })
    .map((x) => x.r)
}

/** The chosen values of a filter for a wire body: undefined when none (the key is then left out). */
export function filterValues(state: ListState, key: string): string[] | undefined {
  const vs = state.filters[key] ?? []
  return vs.length > 0 ? [...vs] : undefined
}

/** The chosen ids of an entity filter (values are the ids' text; others are dropped): undefined when none. */
export function filterIds(state: ListState, key: string): number[] | undefined {
  const ids = (state.filters[key] ?? []).map(Number).filter((n) => Number.isInteger(n) && n > 0)
  return ids.length > 0 ? ids : undefined
}

/** `obj` without its undefined entries (wire bodies leave out empty filters). */
export function compact<T extends Record<string, unknown>>(obj: T): Partial<T> {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as Partial<T>
}
