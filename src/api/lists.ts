/**
 * Calls shared by the list screens (spec 002 §2, §7 "Generic entity calls"; platform-backend §13): the
 * chosen profile's ids every body carries, the cache scope of the queries, one page of `POST /{entity}/all`,
 * the options of `POST /{entity}/{dropdownType}/dropdown` and the CSV of `POST /{entity}/download`.
 * Reads are `silent` (spec 002 §8: list and dropdown failures show no toast; the page says it).
 */
import type { StandardSchemaV1, StandardSchemaV1InferOutput } from 'ky'
import { DropdownOpzioniSchema } from './contract/amministrazione'
import { PAGE_SIZE_DEFAULT } from './contract/servizio'
import { api, apiPost } from './client'
import { loadAppConfig } from './config'
import { profileIds } from '../auth/current-profile'

/** The chosen profile's ids and the cache scope, from the one source of the current profile. */
export { profileIds, profileScope } from '../auth/current-profile'

/** The body of a list call: profile ids, the filters (null when none) and the sort (null: the server's default). */
export function listBody<F extends object>(filtroRequest: F, ordinamento: { campo: string; verso: 'asc' | 'desc' } | null = null) {
  return { ...profileIds(), filtroRequest: Object.keys(filtroRequest).length > 0 ? filtroRequest : null, ordinamento }
}

/**
 * `POST {entity}/all?currPage&pageSize` — the page `page` (1-based) of a list, validated with `schema`.
 * Throws ApiCallError (no toast).
 */
export function fetchListPage<S extends StandardSchemaV1>(entity: string, page: number, body: unknown, schema: S, signal?: AbortSignal): Promise<StandardSchemaV1InferOutput<S>> {
  return apiPost(`${entity}/all?currPage=${Math.max(0, page - 1)}&pageSize=${PAGE_SIZE_DEFAULT}`, body, schema, { silent: true, signal })
}

/**
 * `POST {entity}/{tipo}/dropdown` — the options of a filter over the caller's scope: strings (label =
 * value) or `{id, nome}` (value = the id's text, label = the name).
 */
export async function fetchDropdown(entity: string, tipo: string, signal?: AbortSignal): Promise<{ label: string; value: string }[]> {
  const list = await apiPost(`${entity}/${tipo}/dropdown`, profileIds(), DropdownOpzioniSchema, { silent: true, background: true, signal })
  return list.map((o) => (typeof o === 'string' ? { label: o, value: o } : { label: o.nome, value: String(o.id) }))
}

/** Offers `blob` as a file named `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  a.rel = 'noopener'
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * `POST {entity}/download` with `body` (the list's filters) → the file `filename` as the server wrote it
 * (bytes kept: the UTF-8 BOM Excel needs stays), recorded as a usage event (issue 13). Errors toast
 * (client) and reject.
 */
export async function downloadCsv(entity: string, body: unknown, filename: string): Promise<void> {
  await loadAppConfig()
  const blob = await api.post(`${entity}/download`, { context: {}, json: body }).blob()
  saveFile(blob.type ? blob : new Blob([blob], { type: 'text/csv;charset=utf-8' }), filename)
  // loaded on demand: the lists module stays light (route modules import it), the queue needs Dexie
  void import('./track-event').then((m) => m.trackEvent({ event: 'download', event_type: 'csv', event_value: filename, category: entity })).catch(() => undefined)
}
