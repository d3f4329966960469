/**
 * Community content items (spec 001 §1–§5, §7): lists with filters, sort and pages, detail, create,
 * update, soft delete (reason required when not the author), events (like, unlike, view, downloaded),
 * 'Ti è stato utile?', filter options and full-text search. Every read goes through the caller's
 * audience (access.ts): an item outside it answers 404 C01, as if it did not exist.
 */
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import {
  ITEM_TYPE_OF, LIMITS, type Filters, type Item, type ItemBody, type ItemList, type ItemType, type ListQuery, type Section,
} from '../../../src/api/contract/community'
import type { Database, Executor } from '../../db/types'
import {
  communityCategory, communityComment, communityItem, communityItemFlag, communityReport, communityUsefulness, programma, utente,
} from '../../db/schema'
import { badRequest, forbidden, notFound } from '../../errors'
import { italianDate } from '../consenso'
import { sanitizeRichText } from '../rich-text'
import { notifyNewContent } from '../notifiche/crea'
import { audienceCondition, canDelete, canEdit, canSee, holds, publisherOf, requireHolds, requirePublishTarget, type CommunityCaller } from './access'
import { casUpdate, type EsitoCas, type VersioneRichiesta } from '../versioni'

const DESCRIPTION_LIMIT: Record<ItemType, number> = {
  board_item: LIMITS.newsDescription, community_item: LIMITS.topicDescription, document_item: LIMITS.docDescription,
}
const EXTERNAL_LINK = /^https?:\/\/[^\s/$.?#][^\s]*$/i

/** Columns of an item as the wire needs them (joined names, the caller's like and rating). */
function itemColumns(userId: number) {
  return {
    row: communityItem,
    categoryLabel: communityCategory.name,
    programLabel: programma.nome,
    authorName: sql<string>`coalesce(${utente.nome} || ' ' || ${utente.cognome}, '')`,
    authorAvatar: utente.immagineProfilo,
    userLike: sql<boolean>`exists (select 1 from ${communityItemFlag} f where f.id_item = ${communityItem.id} and f.id_utente = ${userId} and f.flag = 'like')`,
    usefull: sql<number>`coalesce((select u.status from ${communityUsefulness} u where u.id_item = ${communityItem.id} and u.id_utente = ${userId}), 0)`,
  }
}

type ItemSelection = {
  row: typeof communityItem.$inferSelect
  categoryLabel: string | null
  programLabel: string | null
  authorName: string
  authorAvatar: string | null
  userLike: boolean
  usefull: number
}

function selectItems(db: Executor, userId: number) {
  return db.select(itemColumns(userId)).from(communityItem)
    .leftJoin(communityCategory, eq(communityCategory.id, communityItem.idCategoria))
    .leftJoin(programma, eq(programma.id, communityItem.idProgramma))
    .leftJoin(utente, eq(utente.id, communityItem.idAutore))
}

/** Maps a selected row to the wire item (spec 001 §3), with its `versione` (issue 27). */
export function toWire(caller: CommunityCaller, s: ItemSelection): Item & { versione: number } {
  const r = s.row
  return {
    id: r.id,
    item_type: r.itemType,
    title: r.title,
    description: r.descrizione,
    author: r.idAutore,
    author_name: s.authorName.trim() || 'Utente Anonimo',
    author_avatar: s.authorAvatar ?? null,
    category: r.idCategoria,
    category_label: s.categoryLabel ?? '',
    date: italianDate(r.createdAt),
    cover: r.coverKey ? coverUrl(r.id, r.coverKey) : null,
    cover_file_name: r.coverFileName,
    attachment: r.attachmentKey ? `/api/item/${r.id}/attachment` : null,
    attachment_file_name: r.attachmentFileName,
    program: r.idProgramma ?? 'public',
    program_label: r.idProgramma === null ? 'Tutti i programmi' : (s.programLabel ?? ''),
    intervention: r.intervento ?? 'public',
    entity: r.entity,
    entity_type: r.entityType,
    external_link: r.externalLink,
    tags: r.tags,
    likes: r.likes,
    views: r.views,
    downloads: r.downloads,
    user_like: Boolean(s.userLike),
    comment_count: r.commentCount,
    enable_comments: r.enableComments,
    highlighted: r.highlighted,
    usefull_status: Number(s.usefull),
    can_edit: canEdit(caller, r),
    can_delete: canDelete(caller, r),
    versione: r.versione,
  }
}

/** Splits a comma-joined filter ('all' or empty = no filter). */
function filterValues(raw: string | undefined): string[] | null {
  if (!raw) return null
  const values = raw.split(/[,+]/).map((x) => x.trim()).filter((x) => x && x !== 'all')
  return values.length > 0 ? values : null
}

function filterConditions(q: ListQuery): SQL[] {
  const out: SQL[] = []
  const categories = filterValues(q.categories)
  if (categories) out.push(inArray(communityItem.idCategoria, categories.map(Number).filter(Number.isSafeInteger)))
  const programs = filterValues(q.programs)
  if (programs) {
    const ids = programs.filter((p) => /^\d{1,9}$/.test(p)).map(Number)
    const parts: SQL[] = []
    if (ids.length > 0) parts.push(inArray(communityItem.idProgramma, ids))
    if (programs.includes('public')) parts.push(isNull(communityItem.idProgramma))
    out.push(parts.length > 0 ? or(...parts) as SQL : sql`false`)
  }
  const interventions = filterValues(q.interventions)
  if (interventions) {
    const parts: SQL[] = []
    const policies = interventions.filter((i) => i === 'RFD' || i === 'SCD')
    if (policies.length > 0) parts.push(inArray(communityItem.intervento, policies))
    if (interventions.includes('public')) parts.push(isNull(communityItem.intervento))
    out.push(parts.length > 0 ? or(...parts) as SQL : sql`false`)
  }
  return out
}

const SORT_COLUMN = {
  created: communityItem.createdAt, likes: communityItem.likes, views: communityItem.views,
  comments: communityItem.commentCount, downloads: communityItem.downloads,
} as const

/** Page size of a list: the query's (1..50) or the section's default (board 6, others 8). */
function pageSize(type: ItemType, q: ListQuery): number {
  const fallback = type === 'board_item' ? LIMITS.boardPageSize : LIMITS.pageSize
  return Math.min(Math.max(q.items_per_page ?? fallback, 1), 50)
}

/** `GET /{section}/items`: the caller's visible items of a section, filtered, sorted, paged. */
export async function listItems(db: Database, caller: CommunityCaller, section: Section, q: ListQuery): Promise<ItemList> {
  const type = ITEM_TYPE_OF[section]
  const where = and(eq(communityItem.itemType, type), audienceCondition(caller), ...filterConditions(q))
  const size = pageSize(type, q)
  const page = q.page ?? 0
  const sortKey = q.sort ?? q.sort_by ?? 'created'
  const order = [
    ...(type === 'board_item' ? [desc(communityItem.highlighted)] : []),
    desc(SORT_COLUMN[sortKey]),
    desc(communityItem.id),
  ]
  const [rows, [count]] = await Promise.all([
    selectItems(db, caller.principal.userId).where(where).orderBy(...order).limit(size).offset(page * size),
    db.select({ n: sql<number>`count(*)::int` }).from(communityItem).where(where),
  ])
  const total = Number(count?.n ?? 0)
  return {
    pager: { current_page: page, total_items: total, total_pages: Math.ceil(total / size), items_per_page: size },
    items: rows.map((r) => toWire(caller, r)),
  }
}

/** Loads an item the caller may see (404 C01 otherwise); `type` restricts the section. */
export async function loadItem(db: Executor, caller: CommunityCaller, id: number, type?: ItemType): Promise<ItemSelection> {
  const [s] = await selectItems(db, caller.principal.userId).where(eq(communityItem.id, id))
  if (!s || (type && s.row.itemType !== type) || !canSee(caller, s.row)) throw notFound('C01')
  if (!holds(caller, 'view.card', s.row.itemType)) throw forbidden('A02')
  return s
}

/**
 * The cover URL of an item's answers: `/api/item/{id}/cover/{version}`, the version being the stored
 * file's name (new at every upload), loaded by `<img>` directly (./item-files.ts `openCoverVersion`).
 */
export function coverUrl(id: number, coverKey: string): string {
  return `/api/item/${id}/cover/${coverKey.split('/').pop() as string}`
}

/** `GET /{section}/item/{id}/user/{userId}`: `{items: [item]}`. */
export async function itemDetail(db: Executor, caller: CommunityCaller, section: Section, id: number): Promise<{ items: Item[] }> {
  return { items: [toWire(caller, await loadItem(db, caller, id, ITEM_TYPE_OF[section]))] }
}

/** Checked and normalised values of a create/update body (module docstring, spec 001 §5). */
async function checkedValues(db: Executor, caller: CommunityCaller, type: ItemType, b: ItemBody) {
  const [category] = await db.select({ type: communityCategory.type }).from(communityCategory).where(eq(communityCategory.id, b.category))
  const expectedTaxonomy = type === 'board_item' ? 'board_categories' : type === 'community_item' ? 'community_categories' : 'document_categories'
  if (!category || category.type !== expectedTaxonomy) throw badRequest('CO06', 'La categoria scelta non esiste in questa sezione.')
  const rich = sanitizeRichText(b.description)
  const limit = DESCRIPTION_LIMIT[type]
  if (rich.empty) throw badRequest('G02', 'Il testo è obbligatorio.')
  if (rich.plainLength > limit) throw badRequest('G02', `Il testo supera il limite di ${limit} caratteri.`)
  let idProgramma: number | null = null
  let intervento: string | null = null
  if (type !== 'community_item') {
    if (b.program === undefined || b.intervention === undefined) throw badRequest('G02', 'Programma e intervento sono obbligatori.')
    if (b.program === 'public') {
      intervento = b.intervention === 'public' ? null : b.intervention
    } else {
      const [prg] = await db.select({ id: programma.id, policy: programma.policy }).from(programma).where(eq(programma.id, b.program))
      if (!prg) throw badRequest('G02', 'Il programma scelto non esiste.')
      if (b.intervention !== prg.policy) throw badRequest('G02', 'L\'intervento non corrisponde al programma scelto.')
      idProgramma = prg.id
      intervento = prg.policy
    }
    requirePublishTarget(caller, idProgramma, intervento)
  }
  const link = b.external_link ? b.external_link : null
  if (link && (type !== 'document_item' || !EXTERNAL_LINK.test(link))) throw badRequest('G02', 'Il link esterno deve essere un indirizzo http:// o https://.')
  const tags = (b.tags ?? '').split(';').map((t) => t.trim()).filter(Boolean).slice(0, 20).join(';')
  return {
    title: b.title, descrizione: rich.html, testo: rich.text, idCategoria: b.category, idProgramma, intervento,
    externalLink: link, tags: type === 'community_item' ? tags : '',
    enableComments: type === 'board_item' ? (b.enable_comments ?? true) : true,
    highlighted: type === 'board_item' ? (b.highlighted ?? false) : false,
  }
}

/** `POST /{section}/item/create` (needs `new.*`): the new id and `versione` 1. */
export async function createItem(tx: Executor, caller: CommunityCaller, section: Section, b: ItemBody): Promise<{ id: number; versione: number }> {
  const type = ITEM_TYPE_OF[section]
  requireHolds(caller, 'new', type)
  const values = await checkedValues(tx, caller, type, b)
  const [row] = await tx.insert(communityItem).values({
    ...values, itemType: type, idAutore: caller.principal.userId, codiceRuoloAutore: caller.codiceRuolo, ...publisherOf(caller),
  }).returning({ id: communityItem.id })
  const id = (row as { id: number }).id
  await notifyNewContent(tx, caller.principal.userId, { id, itemType: type, title: values.title }, values.idProgramma)
  return { id, versione: 1 }
}

/** What a compare-and-set on item `id` answers when it fails (issue 27): 409 V01 with the detail `{items: [item]}`, 404 C01. */
const esitoItem = (tx: Executor, caller: CommunityCaller, id: number): EsitoCas => ({
  corrente: async () => ({ items: [toWire(caller, await loadItem(tx, caller, id))] }), assente: () => notFound('C01'),
})

/** `POST /{section}/item/{id}/update`: the author (with `new.*`) or `upd.*`, on version `base` (409 V01, issue 27). */
export async function updateItem(tx: Executor, caller: CommunityCaller, section: Section, id: number, b: ItemBody, base: VersioneRichiesta): Promise<{ id: number; versione: number }> {
  const type = ITEM_TYPE_OF[section]
  const { row } = await loadItem(tx, caller, id, type)
  if (!canEdit(caller, row)) throw forbidden('A02')
  const values = await checkedValues(tx, caller, type, b)
  return { id, versione: await casUpdate(tx, communityItem, eq(communityItem.id, id), base, { ...values, updatedAt: new Date() }, esitoItem(tx, caller, id)) }
}

/**
 * `POST /item/{id}/delete`: soft delete by the author (reason defaults to 'owner') or by `del.*`
 * (reason required, 400 CO07). Its comments are deleted and its reports removed (platform-backend §11.3).
 */
export async function deleteItem(tx: Executor, caller: CommunityCaller, id: number, reason: string | undefined, base: VersioneRichiesta): Promise<{ id: number }> {
  const { row } = await loadItem(tx, caller, id)
  if (!canDelete(caller, row)) throw forbidden('A02')
  const own = row.idAutore === caller.principal.userId
  if (!own && !reason) throw badRequest('CO07', 'Inserisci il motivo dell\'eliminazione.')
  const now = new Date()
  // still at version `base` (409 V01 otherwise, issue 27)
  await casUpdate(tx, communityItem, eq(communityItem.id, id), base, { deletedAt: now, deleteReason: reason || 'owner' }, esitoItem(tx, caller, id))
  await tx.update(communityComment).set({ deletedAt: now, deleteReason: reason || 'owner' })
    .where(and(eq(communityComment.idItem, id), isNull(communityComment.deletedAt)))
  await tx.delete(communityReport).where(eq(communityReport.idItem, id))
  return { id }
}

const COUNTER = { like: communityItem.likes, view: communityItem.views, downloaded: communityItem.downloads } as const

/**
 * `POST /item/{id}/{event}`: like/unlike toggle the caller's like; view and downloaded are counted once
 * per user (the flags of platform-backend §11.3). Answers the item's counters.
 */
export async function itemEvent(tx: Executor, caller: CommunityCaller, id: number, event: 'like' | 'unlike' | 'view' | 'downloaded') {
  const { row } = await loadItem(tx, caller, id)
  if (event === 'downloaded' && !row.attachmentKey && !row.externalLink) throw badRequest('G02', 'Il contenuto non ha allegati da scaricare.')
  const flag = event === 'unlike' ? 'like' : event
  const column = COUNTER[flag]
  if (event === 'unlike') {
    const removed = await tx.delete(communityItemFlag).where(and(eq(communityItemFlag.idItem, id),
      eq(communityItemFlag.idUtente, caller.principal.userId), eq(communityItemFlag.flag, 'like'))).returning({ id: communityItemFlag.idItem })
    if (removed.length > 0) await tx.update(communityItem).set({ likes: sql`greatest(${communityItem.likes} - 1, 0)` }).where(eq(communityItem.id, id))
  } else {
    const added = await tx.insert(communityItemFlag).values({ idItem: id, idUtente: caller.principal.userId, flag })
      .onConflictDoNothing().returning({ id: communityItemFlag.idItem })
    if (added.length > 0) await tx.update(communityItem).set({ [flag === 'like' ? 'likes' : flag === 'view' ? 'views' : 'downloads']: sql`${column} + 1` }).where(eq(communityItem.id, id))
  }
  const [counts] = await tx.select({ likes: communityItem.likes, views: communityItem.views, downloads: communityItem.downloads })
    .from(communityItem).where(eq(communityItem.id, id))
  return counts
}

/** `POST /item/{id}/usefull` (documents only): the caller's answer 1 (yes) or 2 (no), replaced if given again. */
export async function setUseful(tx: Executor, caller: CommunityCaller, id: number, status: 1 | 2): Promise<{ usefull_status: number }> {
  const { row } = await loadItem(tx, caller, id)
  if (row.itemType !== 'document_item') throw badRequest('G02', 'Solo i documenti si possono valutare.')
  await tx.insert(communityUsefulness).values({ idItem: id, idUtente: caller.principal.userId, status })
    .onConflictDoUpdate({ target: [communityUsefulness.idItem, communityUsefulness.idUtente], set: { status } })
  return { usefull_status: status }
}

/** `GET /{section}/filters`: options {id: label} of categories, programmes and interventions of the visible items. */
export async function itemFilters(db: Database, caller: CommunityCaller, section: Section): Promise<Filters> {
  const type = ITEM_TYPE_OF[section]
  const where = and(eq(communityItem.itemType, type), audienceCondition(caller))
  const [cats, progs, ints] = await Promise.all([
    db.selectDistinct({ id: communityCategory.id, name: communityCategory.name }).from(communityItem)
      .innerJoin(communityCategory, eq(communityCategory.id, communityItem.idCategoria)).where(where).orderBy(asc(communityCategory.name)),
    db.selectDistinct({ id: communityItem.idProgramma, name: programma.nome }).from(communityItem)
      .leftJoin(programma, eq(programma.id, communityItem.idProgramma)).where(where),
    db.selectDistinct({ v: communityItem.intervento }).from(communityItem).where(where),
  ])
  const programs: Record<string, string> = {}
  for (const p of progs.sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''))) programs[p.id === null ? 'public' : String(p.id)] = p.id === null ? 'Tutti i programmi' : (p.name ?? '')
  const interventions: Record<string, string> = {}
  for (const i of ints) interventions[i.v ?? 'public'] = i.v ?? 'Tutti gli interventi'
  return { categories: Object.fromEntries(cats.map((c) => [String(c.id), c.name])), programs, interventions }
}

/** Most recent matches ranked by a search (bounds the work on very common words; see {@link searchItems}). */
export const SEARCH_CANDIDATES = 500

/**
 * `GET /search/{section}/items?keys=`: Italian full-text search (stemming, accents folded with the
 * same `pd_fold` as the index), in the caller's audience, 24 per page. Ranking (`ts_rank`, title weighs
 * more, then recency) runs over the {@link SEARCH_CANDIDATES} most recent matches, so a word found in
 * most contents costs the same as a rare one (the p95 target of issue 12 over 100,000 contents);
 * `total_items` counts those candidates. Fewer than 2 characters → 400 G02.
 */
export async function searchItems(db: Database, caller: CommunityCaller, section: Section, q: ListQuery): Promise<ItemList> {
  const keys = (q.keys ?? '').trim()
  if ([...keys].length < LIMITS.searchMinChars) throw badRequest('G02', 'Inserisci almeno 2 caratteri.')
  const type = ITEM_TYPE_OF[section]
  const query = sql`plainto_tsquery('italian'::regconfig, pd_fold(${keys}))`
  // the type as a literal (a fixed enum value), so that the planner picks the section's partial index
  const where = and(sql`${communityItem.itemType} = ${sql.raw(`'${type}'`)}`, audienceCondition(caller), sql`${communityItem.searchVector} @@ ${query}`)
  const size = Math.min(Math.max(q.items_per_page ?? LIMITS.searchPageSize, 1), LIMITS.searchPageSize)
  const page = q.page ?? 0
  const ranked = await db.execute<{ id: number; total: number }>(sql`
    select c.id, count(*) over ()::int as total from (
      select ${communityItem.id} as id, ${communityItem.searchVector} as v, ${communityItem.createdAt} as created
      from ${communityItem} where ${where}
      order by ${communityItem.createdAt} desc limit ${SEARCH_CANDIDATES}
    ) c
    order by ts_rank(c.v, ${query}) desc, c.created desc, c.id desc
    limit ${size} offset ${page * size}`)
  const rows = (ranked as unknown as { rows: { id: number; total: number }[] }).rows
  const ids = rows.map((r) => Number(r.id))
  const total = rows.length > 0 ? Number(rows[0]?.total) : 0
  const found = ids.length > 0 ? await selectItems(db, caller.principal.userId).where(inArray(communityItem.id, ids)) : []
  const byId = new Map(found.map((r) => [r.row.id, r]))
  return {
    pager: { current_page: page, total_items: total, total_pages: Math.ceil(total / size), items_per_page: size },
    items: ids.flatMap((id) => { const r = byId.get(id); return r ? [toWire(caller, r)] : [] }),
  }
}

/** Most tags `GET /tags/retrieve` answers (issue 25 point 3). */
export const TAGS_MAX = 500

/**
 * `GET /tags/retrieve`: distinct tags of the visible topics, in alphabetical order (folded), at most
 * {@link TAGS_MAX}: split and deduplicated in SQL, so memory holds the answer only, never every topic's tags.
 */
export async function listTags(db: Database, caller: CommunityCaller): Promise<{ items: { id: string; name: string }[] }> {
  const where = and(eq(communityItem.itemType, 'community_item'), audienceCondition(caller), sql`${communityItem.tags} <> ''`)
  const result = await db.execute<{ name: string }>(sql`select t.name from (
      select distinct btrim(tag) as name from ${communityItem}, unnest(string_to_array(${communityItem.tags}, ';')) as tag where ${where}
    ) t where t.name <> '' order by pd_fold(t.name), t.name limit ${TAGS_MAX}`)
  const names = (result as unknown as { rows: { name: string }[] }).rows.map((r) => String(r.name))
  return { items: names.map((name) => ({ id: name, name })) }
}

/**
 * `GET /user/{id}/items?item_type=` ('I miei contenuti', spec 001 §2, §7): the caller's own live items of one
 * section, newest first, optionally those whose title contains `keys` (accents and case folded), 24 per page by
 * default (1..50). Without exactly one `item_type` → 400 G02.
 */
export async function listUserItems(db: Database, caller: CommunityCaller, q: ListQuery): Promise<ItemList> {
  const type = q.item_type as ItemType | undefined
  if (!type || type.includes(',')) throw badRequest('G02', 'Indica una sezione dei contenuti.')
  const keys = q.keys?.trim()
  const where = and(eq(communityItem.itemType, type), eq(communityItem.idAutore, caller.principal.userId), isNull(communityItem.deletedAt),
    keys ? sql`pd_fold(${communityItem.title}) like '%' || pd_fold(${keys}) || '%'` : undefined)
  const size = Math.min(Math.max(q.items_per_page ?? LIMITS.searchPageSize, 1), 50)
  const page = q.page ?? 0
  const [rows, [n]] = await Promise.all([
    selectItems(db, caller.principal.userId).where(where).orderBy(desc(communityItem.createdAt), desc(communityItem.id)).limit(size).offset(page * size),
    db.select({ n: sql<number>`count(*)::int` }).from(communityItem).where(where),
  ])
  const total = Number(n?.n ?? 0)
  return {
    pager: { current_page: page, total_items: total, total_pages: Math.ceil(total / size), items_per_page: size },
    items: rows.map((r) => toWire(caller, r)),
  }
}
