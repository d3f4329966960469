/**
 * Calls of the community (src/api/contract/community.ts; spec 001 §7 paths under the API base): lists,
 * filters, detail, comments, search as query options; events, comments, likes, reports as mutations.
 * Every call carries the chosen profile's ids (body for POST, query string for GET), as the server
 * scopes the contents to them. Attachments are downloaded with the auth headers and handed to the browser
 * as a blob (never opened inline); covers are plain `<img>` URLs (CoverImage.tsx). Files are checked here,
 * then sent before their item (staged), so an item is never published without the files it was given.
 */
import * as v from 'valibot'
import { api, apiGet, apiPost, ApiCallError, handleApiFailure, toApiCallError } from '../../api/client'
import { loadAppConfig } from '../../api/config'
import { PERSISTENT_CARD, PERSISTENT_READ } from '../../api/query'
import { rootKeys } from '../../api/query-keys'
import { write } from '../../api/write'
import {
  CategoryListSchema, CommentListSchema, CreatedSchema, FiltersSchema, ItemListSchema, StagedFileSchema, type Comment, type ListQuery, type Section, type StagedFile,
} from '../../api/contract/community'
import { fileProblem, HEAD_BYTES, MAX_FILE_BYTES, tooLargeMessage, type FileKind } from '../../lib/community-files'
import { currentProfile, presentProfileIds } from '../../auth/current-profile'
import { getSessionState } from '../../auth/session'
import { StorageFullError } from '../../offline'
import { showToast } from '../../ui/stores/toasts'
import { isNetworkFailure, queueComment, queueEdit, queueLike, queueReply, sendOrQueue, type BaseModifica, type Target } from './outbox'

/** Profile ids of the chosen role (non-null only; src/auth/current-profile.ts). */
export const profileIds = presentProfileIds

const userId = () => getSessionState().user?.id ?? 0

/** Query string of a list/search: filters (comma-joined), sort, page (0-based). */
export type ListParams = Pick<ListQuery, 'page' | 'sort' | 'categories' | 'programs' | 'interventions' | 'keys' | 'items_per_page'>

function searchParams(params: ListParams): Record<string, string | number> {
  const out: Record<string, string | number> = { ...profileIds() }
  for (const [k, val] of Object.entries(params)) if (val !== undefined && val !== '') out[k] = val as string | number
  return out
}

/** The chosen profile as a key segment: the reads kept on the device are per profile (issue 12 point 9). */
const scope = () => {
  const p = currentProfile()
  return p ? `${p.codiceRuolo}:${p.idProgramma ?? ''}:${p.idProgetto ?? ''}:${p.idEnte ?? ''}` : ''
}

/** Query keys of the community's reads (issue 26 point 4; values unchanged: the device keeps reads by key). */
export const communityKeys = {
  all: rootKeys.community,
  list: (section: Section, params: ListParams) => [...rootKeys.community, section, 'items', params, scope()] as const,
  filters: (section: Section) => [...rootKeys.community, section, 'filters', scope()] as const,
  detail: (section: Section, id: number) => [...rootKeys.community, section, 'item', id, scope()] as const,
  /** every item's comments */
  allComments: [...rootKeys.community, 'comments'] as const,
  comments: (id: number) => [...rootKeys.community, 'comments', id, scope()] as const,
  search: (section: Section, keys: string) => [...rootKeys.community, 'search', section, keys] as const,
  /** the categories of a section (the forms' selects) */
  allCategories: [...rootKeys.community, 'categories'] as const,
  categories: (type: string) => [...rootKeys.community, 'categories', type, scope()] as const,
}

export function itemsQuery(section: Section, params: ListParams) {
  return {
    ...PERSISTENT_READ,
    queryKey: communityKeys.list(section, params),
    queryFn: ({ signal }: { signal: AbortSignal }) => apiGet(`${section}/items`, ItemListSchema, { signal, searchParams: searchParams(params) }),
  }
}

export function filtersQuery(section: Section) {
  return {
    ...PERSISTENT_READ,
    queryKey: communityKeys.filters(section),
    queryFn: ({ signal }: { signal: AbortSignal }) => apiGet(`${section}/filters`, FiltersSchema, { signal, silent: true, searchParams: searchParams({}) }),
  }
}

export function detailQuery(section: Section, id: number) {
  return {
    ...PERSISTENT_CARD,
    queryKey: communityKeys.detail(section, id),
    queryFn: ({ signal }: { signal: AbortSignal }) => apiGet(`${section}/item/${id}/user/${userId()}`, v.object({ items: ItemListSchema.entries.items }), { signal, silent: true, searchParams: searchParams({}) }),
  }
}

export function commentsQuery(id: number) {
  return {
    ...PERSISTENT_READ,
    queryKey: communityKeys.comments(id),
    queryFn: ({ signal }: { signal: AbortSignal }) => apiGet(`item/${id}/comments/user/${userId()}`, CommentListSchema, { signal, searchParams: searchParams({}) }),
  }
}

export function searchQuery(section: Section, keys: string) {
  return {
    queryKey: communityKeys.search(section, keys),
    queryFn: ({ signal }: { signal: AbortSignal }) => apiGet(`search/${section}/items`, ItemListSchema, { signal, searchParams: searchParams({ keys, page: 0, items_per_page: 24 }) }),
  }
}

const Any = v.unknown()
/** A community write sent at once: the community's profile ids, the server's message in the toast; every community read refreshes. */
const post = (path: string, body: Record<string, unknown> = {}, opts: { background?: boolean } = {}) =>
  write({ method: 'post', path, body: { ...profileIds(), ...body }, schema: Any, withProfile: false, background: opts.background, invalidate: [communityKeys.all] })

export const itemEvent = (id: number, event: 'like' | 'unlike' | 'view' | 'downloaded') =>
  post(`item/${id}/${event}`, {}, { background: event === 'view' })
export const rateUseful = (id: number, status: 1 | 2) => post(`item/${id}/usefull`, { status })
export const addComment = (id: number, text: string) => post(`item/${id}/comment`, { comment_body: text })
export const replyComment = (id: number, text: string) => post(`comment/${id}/reply`, { comment_body: text })
/** Deletes a comment based on its `versione` (issue 27: 409 V01 when changed meanwhile). */
export const deleteComment = (id: number, reason: string, versione: number) => post(`comment/${id}/delete`, { ...(reason ? { reason } : {}), versione })
export const commentLike = (id: number, like: boolean) => post(`comment/${id}/${like ? 'like' : 'unlike'}`)
export const reportItem = (id: number, reason: string) => post(`item/${id}/report`, { reason })
export const reportComment = (id: number, reason: string) => post(`comment/${id}/report`, { reason })
/** Deletes an item based on its `versione` (issue 27: 409 V01 when changed meanwhile). */
export const deleteItem = (id: number, reason: string, versione: number) => post(`item/${id}/delete`, { ...(reason ? { reason } : {}), versione })

/** Downloads an item's attachment (auth headers) and saves it with its file name. */
export async function downloadAttachment(id: number, fileName: string): Promise<void> {
  await loadAppConfig()
  const qs = new URLSearchParams(Object.entries(profileIds()).map(([k, val]) => [k, String(val)]))
  const blob = await api.get(`item/${id}/attachment?${qs.toString()}`).blob()
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export function categoriesQuery(type: 'board_categories' | 'community_categories' | 'document_categories') {
  return {
    ...PERSISTENT_READ,
    queryKey: communityKeys.categories(type),
    queryFn: ({ signal }: { signal: AbortSignal }) => apiGet('category/retrieve', CategoryListSchema, { signal, silent: true, searchParams: { ...profileIds(), term_type: type, items_per_page: 100 } }),
  }
}

/** Creates an item of `section` (with the staged files its body names); answers its id. `idempotencyKey`: a retry of the same body is done once. */
export const createItem = (section: Section, body: Record<string, unknown>, idempotencyKey?: string) =>
  write({ method: 'post', path: `${section}/item/create`, body: { ...profileIds(), ...body }, schema: CreatedSchema, withProfile: false, headers: keyHeader(idempotencyKey), invalidate: [communityKeys.all] })

/** Updates an item of `section` (spec 001 §7 "Create and update"); answers its id. As {@link createItem}. */
export const updateItem = (section: Section, id: number, body: Record<string, unknown>, versione: number, idempotencyKey?: string) =>
  write({ method: 'post', path: `${section}/item/${id}/update`, body: { ...profileIds(), ...body, versione }, schema: CreatedSchema, withProfile: false, headers: keyHeader(idempotencyKey), invalidate: [communityKeys.all] })

function keyHeader(idempotencyKey: string | undefined): Record<string, string> | undefined {
  return idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined
}

/**
 * Checks a chosen cover or attachment before anything is sent (src/lib/community-files.ts: name, listed
 * type, size, content by its leading bytes, as the server checks it): the Italian message, or null.
 * A file over the limit is refused without reading it.
 */
export async function checkChosenFile(kind: FileKind, file: File): Promise<string | null> {
  if (file.size > MAX_FILE_BYTES) return tooLargeMessage(MAX_FILE_BYTES)
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer())
  const checked = fileProblem(kind, file.name, file.size, head)
  return 'code' in checked ? checked.message : null
}

/**
 * Sends a file before its item (`POST item/file/stage`, the raw bytes; issue 24 point 6): the create or
 * update then names it, and the server saves the item with it or not at all. A refusal of the file
 * (CO03–CO05) throws without a toast (the dialog shows it by the field); any other failure shows the toast.
 */
export async function stageFile(type: FileKind, file: File): Promise<StagedFile> {
  await loadAppConfig()
  try {
    const answer = await api.post('item/file/stage', {
      body: file, headers: { 'content-type': 'application/octet-stream' },
      searchParams: { ...profileIds(), type, filename: file.name }, context: { silent: true },
    }).json()
    return v.parse(StagedFileSchema, answer)
  } catch (e) {
    const err = toApiCallError(e)
    if (!isFileRefusal(err)) await handleApiFailure(err, { serverMessage: true })
    throw err
  }
}

/** True for the server's refusal of a file (name, type, size: CO03–CO05), whose message belongs by the field. */
export function isFileRefusal(e: unknown): e is ApiCallError {
  return e instanceof ApiCallError && e.fromServer && /^CO0[345]$/.test(e.errorCode ?? '')
}

/**
 * A community write sent online with its `Idempotency-Key` (issue 12 point 9): a network failure throws
 * without a toast (the caller queues the write in the outbox with the same key); any other failure shows
 * the API client's toast and throws.
 */
async function postWithKey(path: string, body: Record<string, unknown>, key: string): Promise<unknown> {
  try {
    return await apiPost(path, { ...profileIds(), ...body }, Any, { silent: true, headers: { 'Idempotency-Key': key } })
  } catch (e) {
    if (e instanceof ApiCallError && !isNetworkFailure(e)) await handleApiFailure(e, { serverMessage: true })
    throw e
  }
}

/** Runs a queueing: a failure other than a full device (toasted by the offline wiring) is told in a toast, then thrown. */
async function toOutbox<T>(queue: () => Promise<T>): Promise<T> {
  try {
    return await queue()
  } catch (e) {
    if (!(e instanceof StorageFullError)) showToast({ title: 'OPERAZIONE NON SALVATA', message: e instanceof Error && e.message ? e.message : 'Non è stato possibile salvare l’operazione sul dispositivo.', status: 'error' })
    throw e
  }
}

/** The item a write is about: its id and title (the sync centre's label). */
export interface ItemRef { id: number; title: string }

/**
 * Comments an item: sent at once online, queued in the outbox offline or on a network failure
 * (src/features/community/outbox.ts). Resolves 'sent' or 'queued'; throws on a refusal (toast shown).
 */
export const commenta = (item: ItemRef, text: string) => sendOrQueue({
  target: { idItem: item.id },
  direct: (k) => postWithKey(`item/${item.id}/comment`, { comment_body: text }, k),
  queue: (k) => toOutbox(() => queueComment(item.id, text, item.title, k)),
})

/** Replies to a comment (server id, or a comment still queued: `idCommentoLocale`); as {@link commenta}. */
export const rispondi = (item: ItemRef, parent: Target, text: string) => sendOrQueue({
  target: parent,
  direct: (k) => postWithKey(`comment/${parent.idCommento}/reply`, { comment_body: text }, k),
  queue: (k) => toOutbox(() => queueReply(parent, text, item.title, k)),
})

/**
 * Edits a comment (server or queued); as {@link commenta}. It carries what the edit was made on (issue 27): sent at
 * once, the comment's `versione` (409 V01 when stale); queued, also the text, for the replay's three-way merge.
 */
export const modificaCommento = (item: ItemRef, comment: Target, text: string, base?: BaseModifica) => sendOrQueue({
  target: comment,
  direct: (k) => postWithKey(`comment/${comment.idCommento}/update`, { comment_body: text, ...(base?.versione === undefined ? {} : { versione: base.versione }) }, k),
  queue: (k) => toOutbox(() => queueEdit(comment, text, item.title, k, base)),
})

/** Likes (`like` true) or unlikes an item (`target` without comment) or a comment; as {@link commenta}. */
export const miPiace = (item: ItemRef, target: Target, like: boolean) => sendOrQueue({
  target,
  direct: (k) => postWithKey(target.idCommento != null ? `comment/${target.idCommento}/${like ? 'like' : 'unlike'}` : `item/${item.id}/${like ? 'like' : 'unlike'}`, {}, k),
  queue: (k) => toOutbox(() => queueLike(target, like, item.title, k)),
})

const SEZIONE_DI: Record<string, Section> = { board_item: 'board', community_item: 'community', document_item: 'document' }

/**
 * The current `versione` of a reported item or comment (issue 27), read right before the moderator's delete: the
 * report rows do not carry it, and the moderator acts on the content as it is now (null: not found).
 */
export async function versioneSegnalato(r: { item_id: number; item_type: string; comment_id: number | null }): Promise<number | null> {
  if (r.comment_id === null) {
    const section = SEZIONE_DI[r.item_type]
    if (!section) return null
    const out = await apiGet(`${section}/item/${r.item_id}/user/${userId()}`, v.object({ items: ItemListSchema.entries.items }), { silent: true, searchParams: searchParams({}) })
    return out.items[0]?.versione ?? null
  }
  const { items } = await apiGet(`item/${r.item_id}/comments/user/${userId()}`, CommentListSchema, { silent: true, searchParams: searchParams({}) })
  const find = (list: readonly Comment[]): Comment | undefined => {
    for (const c of list) {
      const hit = c.id === r.comment_id ? c : find(c.replies)
      if (hit) return hit
    }
    return undefined
  }
  return find(items)?.versione ?? null
}
