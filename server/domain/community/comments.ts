/**
 * Comments, replies, comment likes and reports (spec 001 §2 "Comments display", §3, §4, §7;
 * platform-backend §11.3). Threads have one level: a reply to a reply joins the same thread.
 * - create/reply: whoever sees the item (its `view.card.*`), when the item has comments enabled;
 * - edit/delete: the author, or anyone with `upd.*` / `del.*` of the item's section; a delete by a
 *   non-author needs a reason (400 CO07); deleting a comment deletes its replies (soft);
 * - report: `rprt.*` of the section; reports are listed and dismissed with `btn.rprt`, and the reported
 *   mark of a comment is shown only to `btn.rprt` holders.
 * Comment texts are plain text (≤ 1500 characters), rendered as text by the client.
 */
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Comment, ItemType, Report } from '../../../src/api/contract/community'
import type { Database, Executor } from '../../db/types'
import { communityComment, communityCommentLike, communityItem, communityReport, utente } from '../../db/schema'
import { badRequest, forbidden, notFound } from '../../errors'
import { italianDate } from '../consenso'
import { holds, type CommunityCaller } from './access'
import { loadItem } from './items'
import { notifyComment, notifyReport } from '../notifiche/crea'
import { casUpdate, type EsitoCas, type VersioneRichiesta } from '../versioni'

const SECTION_OF = { board_item: 'board', community_item: 'forum', document_item: 'documents' } as const
const authorName = sql<string>`coalesce(${utente.nome} || ' ' || ${utente.cognome}, '')`

/** Most comments one `GET /item/{id}/comments/…` answers: the most recent ones (issue 25 point 3). */
export const COMMENTS_MAX = 300

/**
 * `GET /item/{id}/comments/user/{userId}`: the item's live comments, oldest first, replies nested; at most the
 * {@link COMMENTS_MAX} most recent (a reply whose comment is older than them is left out with it), and
 * `total_items`, how many live comments the item has (more than those listed: the answer is cut).
 */
export async function listComments(db: Database, caller: CommunityCaller, itemId: number): Promise<{ items: Comment[]; total_items: number }> {
  const { row: item } = await loadItem(db, caller, itemId)
  const userId = caller.principal.userId
  const live = and(eq(communityComment.idItem, itemId), isNull(communityComment.deletedAt))
  const [total] = await db.select({ n: count() }).from(communityComment).where(live)
  const newest = await db.select({
    c: communityComment,
    authorName,
    authorAvatar: utente.immagineProfilo,
    userLike: sql<boolean>`exists (select 1 from ${communityCommentLike} l where l.id_comment = ${communityComment.id} and l.id_utente = ${userId})`,
    reported: sql<boolean>`exists (select 1 from ${communityReport} r where r.id_comment = ${communityComment.id})`,
  }).from(communityComment).leftJoin(utente, eq(utente.id, communityComment.idAutore))
    .where(live)
    .orderBy(desc(communityComment.createdAt), desc(communityComment.id)).limit(COMMENTS_MAX)
  const rows = newest.reverse()
  const byId = new Map<number, Comment>()
  const top: Comment[] = []
  for (const r of rows) {
    const comment = commentToWire(caller, item.itemType, r)
    byId.set(comment.id, comment)
    const parent = r.c.idPadre === null ? undefined : byId.get(r.c.idPadre)
    if (parent) parent.replies.push(comment)
    else if (r.c.idPadre === null) top.push(comment)
  }
  return { items: top, total_items: Number(total?.n ?? 0) }
}

/** One comment of {@link listComments} on the wire (no replies), with its `versione` (issue 27). */
function commentToWire(caller: CommunityCaller, itemType: ItemType, r: {
  c: typeof communityComment.$inferSelect; authorName: string; authorAvatar: string | null; userLike: boolean; reported: boolean
}): Comment & { versione: number } {
  const mine = r.c.idAutore === caller.principal.userId
  return {
    id: r.c.id, comment_body: r.c.body, date: r.c.createdAt.toISOString(), author: r.c.idAutore,
    author_name: r.authorName.trim() || 'Utente Anonimo', author_avatar: r.authorAvatar ?? null, section: SECTION_OF[itemType], likes: r.c.likes,
    user_like: Boolean(r.userLike), reported: caller.permessi.includes('btn.rprt') && r.reported ? 1 : 0, isAnswer: r.c.idPadre !== null,
    parent_id: r.c.idPadre, can_edit: mine || holds(caller, 'upd', itemType),
    can_delete: mine || holds(caller, 'del', itemType), replies: [], versione: r.c.versione,
  }
}

/** What a compare-and-set on comment `id` answers when it fails (issue 27): 409 V01 with the comment as the list shows it, 404 C01. */
const esitoCommento = (tx: Executor, caller: CommunityCaller, id: number, itemType: ItemType): EsitoCas => ({
  corrente: async () => {
    const [r] = await tx.select({
      c: communityComment, authorName, authorAvatar: utente.immagineProfilo,
      userLike: sql<boolean>`exists (select 1 from ${communityCommentLike} l where l.id_comment = ${communityComment.id} and l.id_utente = ${caller.principal.userId})`,
      reported: sql<boolean>`exists (select 1 from ${communityReport} r where r.id_comment = ${communityComment.id})`,
    }).from(communityComment).leftJoin(utente, eq(utente.id, communityComment.idAutore)).where(eq(communityComment.id, id))
    return r ? commentToWire(caller, itemType, r) : null
  },
  assente: () => notFound('C01'),
})

/** Loads a live comment and its item (which the caller must see). 404 C01 otherwise. */
async function loadComment(db: Executor, caller: CommunityCaller, commentId: number) {
  const [c] = await db.select().from(communityComment).where(and(eq(communityComment.id, commentId), isNull(communityComment.deletedAt)))
  if (!c) throw notFound('C01')
  const { row: item } = await loadItem(db, caller, c.idItem)
  return { comment: c, item }
}

/** Inserts a comment and notifies the item's participants (and `parentAuthor`, for a reply) in `tx`; answers its id and `versione` 1. */
async function insertComment(tx: Executor, caller: CommunityCaller, item: { id: number; itemType: ItemType; title: string }, parent: number | null, body: string, parentAuthor: number | null) {
  const [row] = await tx.insert(communityComment).values({ idItem: item.id, idPadre: parent, idAutore: caller.principal.userId, body })
    .returning({ id: communityComment.id })
  await tx.update(communityItem).set({ commentCount: sql`${communityItem.commentCount} + 1` }).where(eq(communityItem.id, item.id))
  const id = (row as { id: number }).id
  await notifyComment(tx, caller.principal.userId, item, id, parentAuthor)
  return { id, versione: 1 }
}

/** `POST /item/{id}/comment`. 400 CO08 when the item's comments are disabled. */
export async function addComment(tx: Executor, caller: CommunityCaller, itemId: number, body: string): Promise<{ id: number }> {
  const { row: item } = await loadItem(tx, caller, itemId)
  if (!item.enableComments) throw badRequest('CO08', 'I commenti su questo contenuto sono disattivati.')
  return insertComment(tx, caller, item, null, body, null)
}

/** `POST /comment/{id}/reply`: a reply in the comment's thread. */
export async function replyComment(tx: Executor, caller: CommunityCaller, commentId: number, body: string): Promise<{ id: number }> {
  const { comment, item } = await loadComment(tx, caller, commentId)
  if (!item.enableComments) throw badRequest('CO08', 'I commenti su questo contenuto sono disattivati.')
  return insertComment(tx, caller, item, comment.idPadre ?? comment.id, body, comment.idAutore)
}

/** `POST /comment/{id}/update`: the author or `upd.*`, on version `base` (409 V01, issue 27). */
export async function updateComment(tx: Executor, caller: CommunityCaller, commentId: number, body: string, base: VersioneRichiesta): Promise<{ id: number; versione: number }> {
  const { comment, item } = await loadComment(tx, caller, commentId)
  if (comment.idAutore !== caller.principal.userId && !holds(caller, 'upd', item.itemType)) throw forbidden('A02')
  const versione = await casUpdate(tx, communityComment, eq(communityComment.id, commentId), base, { body, updatedAt: new Date() },
    esitoCommento(tx, caller, commentId, item.itemType))
  return { id: commentId, versione }
}

/** `POST /comment/{id}/delete`: the author (reason 'owner' when blank) or `del.*` with a reason (400 CO07), on version `base`. */
export async function deleteComment(tx: Executor, caller: CommunityCaller, commentId: number, reason: string | undefined, base: VersioneRichiesta): Promise<{ id: number }> {
  const { comment, item } = await loadComment(tx, caller, commentId)
  const own = comment.idAutore === caller.principal.userId
  if (!own && !holds(caller, 'del', item.itemType)) throw forbidden('A02')
  if (!own && !reason) throw badRequest('CO07', 'Inserisci il motivo dell\'eliminazione.')
  // still at version `base` (409 V01 otherwise, issue 27): the compare-and-set locks the comment first
  await casUpdate(tx, communityComment, eq(communityComment.id, commentId), base, {}, esitoCommento(tx, caller, commentId, item.itemType))
  const removed = await tx.update(communityComment).set({ deletedAt: new Date(), deleteReason: reason || 'owner' })
    .where(and(or(eq(communityComment.id, commentId), eq(communityComment.idPadre, commentId)), isNull(communityComment.deletedAt)))
    .returning({ id: communityComment.id })
  await tx.update(communityItem).set({ commentCount: sql`greatest(${communityItem.commentCount} - ${removed.length}, 0)` }).where(eq(communityItem.id, item.id))
  if (removed.length > 0) await tx.delete(communityReport).where(inArray(communityReport.idComment, removed.map((r) => r.id)))
  return { id: commentId }
}

/** `POST /comment/{id}/like|unlike`: toggles the caller's like; answers the comment's likes. */
export async function commentEvent(tx: Executor, caller: CommunityCaller, commentId: number, event: 'like' | 'unlike'): Promise<{ likes: number }> {
  await loadComment(tx, caller, commentId)
  const userId = caller.principal.userId
  if (event === 'like') {
    const added = await tx.insert(communityCommentLike).values({ idComment: commentId, idUtente: userId }).onConflictDoNothing().returning({ id: communityCommentLike.idComment })
    if (added.length > 0) await tx.update(communityComment).set({ likes: sql`${communityComment.likes} + 1` }).where(eq(communityComment.id, commentId))
  } else {
    const removed = await tx.delete(communityCommentLike).where(and(eq(communityCommentLike.idComment, commentId), eq(communityCommentLike.idUtente, userId))).returning({ id: communityCommentLike.idComment })
    if (removed.length > 0) await tx.update(communityComment).set({ likes: sql`greatest(${communityComment.likes} - 1, 0)` }).where(eq(communityComment.id, commentId))
  }
  const [row] = await tx.select({ likes: communityComment.likes }).from(communityComment).where(eq(communityComment.id, commentId))
  return { likes: row?.likes ?? 0 }
}

/** `POST /item/{id}/report` and `/comment/{id}/report`: needs `rprt.*` of the item's section. */
export async function report(tx: Executor, caller: CommunityCaller, target: { itemId: number } | { commentId: number }, reason: string): Promise<{ id: number }> {
  let reported: { id: number; itemType: ItemType; title: string }
  let commentId: number | null = null
  if ('itemId' in target) {
    const { row } = await loadItem(tx, caller, target.itemId)
    if (!holds(caller, 'rprt', row.itemType)) throw forbidden('A02')
    reported = row
  } else {
    const { comment, item } = await loadComment(tx, caller, target.commentId)
    if (!holds(caller, 'rprt', item.itemType)) throw forbidden('A02')
    reported = item
    commentId = comment.id
  }
  const [row] = await tx.insert(communityReport).values({ idItem: reported.id, idComment: commentId, idAutore: caller.principal.userId, reason })
    .returning({ id: communityReport.id })
  await notifyReport(tx, caller.principal.userId, reported, commentId)
  return { id: (row as { id: number }).id }
}

const reportedAuthor = alias(utente, 'reported_author')

/**
 * `GET /reports` (btn.rprt): newest first, with the reported item and comment, the reporter's name and the
 * reported content's author name; filtered by sections (`item_type`, comma-joined) and by a text in the title, the reason
 * or the comment (`keys`, accent- and case-insensitive); 8 per page by default.
 */
export async function listReports(db: Database, q: { page?: number; items_per_page?: number; keys?: string; item_type?: string }) {
  const size = Math.min(Math.max(q.items_per_page ?? 8, 1), 50)
  const page = q.page ?? 0
  const conds: SQL[] = []
  if (q.item_type) conds.push(inArray(communityItem.itemType, q.item_type.split(',') as ItemType[]))
  const keys = q.keys?.trim()
  if (keys) {
    const like = (col: SQL) => sql`pd_fold(coalesce(${col}, '')) like '%' || pd_fold(${keys}) || '%'`
    conds.push(or(like(sql`${communityItem.title}`), like(sql`${communityReport.reason}`), like(sql`${communityComment.body}`)) as SQL)
  }
  const where = conds.length > 0 ? and(...conds) : undefined
  const rows = await db.select({
    r: communityReport, title: communityItem.title, itemType: communityItem.itemType, itemAuthor: communityItem.idAutore,
    commentAuthor: communityComment.idAutore, commentDate: communityComment.createdAt, commentBody: communityComment.body, authorName,
    reportedName: sql<string>`coalesce(${reportedAuthor.nome} || ' ' || ${reportedAuthor.cognome}, '')`,
  }).from(communityReport)
    .innerJoin(communityItem, eq(communityItem.id, communityReport.idItem))
    .leftJoin(communityComment, eq(communityComment.id, communityReport.idComment))
    .leftJoin(utente, eq(utente.id, communityReport.idAutore))
    .leftJoin(reportedAuthor, eq(reportedAuthor.id, sql`coalesce(${communityComment.idAutore}, ${communityItem.idAutore})`))
    .where(where)
    .orderBy(desc(communityReport.createdAt), desc(communityReport.id)).limit(size).offset(page * size)
  const [total] = await db.select({ n: count() }).from(communityReport)
    .innerJoin(communityItem, eq(communityItem.id, communityReport.idItem))
    .leftJoin(communityComment, eq(communityComment.id, communityReport.idComment))
    .where(where)
  const items: Report[] = rows.map((x) => ({
    id: x.r.id, title: x.title, author: x.r.idAutore, author_name: x.authorName.trim() || 'Utente Anonimo', item_author: x.itemAuthor,
    comment_author: x.commentAuthor, comment_post_date: x.commentDate ? italianDate(x.commentDate) : null, comment_body: x.commentBody,
    date: italianDate(x.r.createdAt), item_id: x.r.idItem, item_type: x.itemType, comment_id: x.r.idComment, reason: x.r.reason,
    reported_author_name: x.reportedName.trim() || 'Utente Anonimo',
  }))
  const n = Number(total?.n ?? 0)
  return { pager: { current_page: page, total_items: n, total_pages: Math.ceil(n / size), items_per_page: size }, items }
}

/** `POST /report/{id}/delete` (btn.rprt): dismisses a report. 404 C01 when unknown. */
export async function deleteReport(tx: Executor, id: number): Promise<{ id: number }> {
  const removed = await tx.delete(communityReport).where(eq(communityReport.id, id)).returning({ id: communityReport.id })
  if (removed.length === 0) throw notFound('C01')
  return { id }
}
