/**
 * Calls of the community management pages (spec 001 §7, under the API base, with the chosen profile's
 * ids): reports (`GET /reports`, `POST /report/{id}/delete`), categories (`GET /category/retrieve`,
 * `POST /category/create`, `/category/{id}/update`, `/category/{id}/delete`) and the caller's own items
 * (`GET /user/{id}/items?item_type=`). Pages are zero-based on the wire, 1-based in the list state.
 */
import * as v from 'valibot'
import { apiGet } from '../../../api/client'
import { write } from '../../../api/write'
import { CategoryListSchema, ItemListSchema, ReportListSchema, type CategoryType, type ItemType } from '../../../api/contract/community'
import { readUser } from '../../../auth/token-store'
import type { ListState } from '../../../ui/list/list-state'
import type { ListPage } from '../../../ui/list/ServerList'
import { communityKeys, profileIds } from '../api'
import { gestioneCommunityKeys } from './keys'

/** Rows per page of the management lists (the list pattern's 8). */
export const PAGE_SIZE = 8

function params(state: ListState, extra: Record<string, string | undefined>): Record<string, string | number> {
  const out: Record<string, string | number> = { ...profileIds(), page: state.page - 1, items_per_page: PAGE_SIZE }
  if (state.q) out.keys = state.q
  for (const [k, val] of Object.entries(extra)) if (val) out[k] = val
  return out
}

const page = <R>(d: { pager: { total_items: number; total_pages: number }; items: R[] }): ListPage<R> =>
  ({ rows: d.items, total: d.pager.total_items, totalPages: d.pager.total_pages })

/** A page of reports; `sections` is the comma-joined item types (or undefined: all). */
export async function fetchReports(state: ListState, sections: string | undefined, signal: AbortSignal) {
  return page(await apiGet('reports', ReportListSchema, { signal, silent: true, searchParams: params(state, { item_type: sections }) }))
}

/** A page of categories; `sections` is the comma-joined taxonomies (or undefined: all). */
export async function fetchCategories(state: ListState, sections: string | undefined, signal: AbortSignal) {
  return page(await apiGet('category/retrieve', CategoryListSchema, { signal, silent: true, searchParams: params(state, { term_types: sections }) }))
}

/** A page of the caller's own items of one section. */
export async function fetchMyItems(type: ItemType, state: ListState, signal: AbortSignal) {
  const id = readUser()?.id ?? 0
  return page(await apiGet(`user/${id}/items`, ItemListSchema, { signal, silent: true, searchParams: params(state, { item_type: type }) }))
}

const Any = v.unknown()
const Created = v.object({ id: v.number() })
/** A category write refreshes the management list and the forms' category selects. */
const CATEGORIE = [gestioneCommunityKeys.categories, communityKeys.allCategories]

/** Dismisses a report (the reported content stays). */
export const dismissReport = (id: number) =>
  write({ method: 'post', path: `report/${id}/delete`, body: { ...profileIds() }, schema: Any, withProfile: false, invalidate: [gestioneCommunityKeys.reports] })

/** Creates a category of a section; answers its id. Duplicate names: 409 CO09 (toast). */
export const createCategory = (name: string, type: CategoryType) =>
  write({ method: 'post', path: 'category/create', body: { ...profileIds(), term_name: name, term_type: type }, schema: Created, withProfile: false, invalidate: CATEGORIE })

/** Renames a category. */
export const renameCategory = (id: number, name: string) =>
  write({ method: 'post', path: `category/${id}/update`, body: { ...profileIds(), term_name: name }, schema: Created, withProfile: false, invalidate: CATEGORIE })

/**
 * Deletes a category. Silent: the dialog shows the refusal itself (409 CO02 while a content uses it),
 * so the caller catches the `ApiCallError`.
 */
export const deleteCategory = (id: number) =>
  write({ method: 'post', path: `category/${id}/delete`, body: { ...profileIds() }, schema: Created, withProfile: false, toast: 'none', invalidate: CATEGORIE })
