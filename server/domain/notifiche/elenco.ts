/**
 * A user's notifications (spec 001 §2, §4, §7; issue 12 point 7): list with status filter, sort and pages,
 * unread count, mark read (some or all), delete. Every query is bound to the caller's user id: ids of
 * other users' rows are ignored (read/delete answer how many of the caller's rows changed).
 */
import { and, count, desc, asc, eq, inArray, sql } from 'drizzle-orm'
import {
  NOTIFICATIONS_PAGE_SIZE, type Notification, type NotificationList, type NotificationQuery,
} from '../../../src/api/contract/notifiche'
import type { Database, Executor } from '../../db/types'
import { notifica, utente } from '../../db/schema'
import { actionOf, messageTemplate } from './messaggi'

/** Unread rows of `userId`. */
export async function unreadCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifica).where(and(eq(notifica.idUtente, userId), eq(notifica.letta, false)))
  return Number(row?.n ?? 0)
}

type Row = { n: typeof notifica.$inferSelect; nome: string | null; cognome: string | null }

function toWire(r: Row): Notification {
  const n = r.n
  const names: Record<string, string> = {}
  if (n.idAttore !== null) names[String(n.idAttore)] = `${r.nome ?? ''} ${r.cognome ?? ''}`.trim() || 'Utente Anonimo'
  return {
    id: n.id, date: n.createdAt.toISOString(), message: messageTemplate(n.tipo, n.idAttore, n.titolo), status: n.letta ? 1 : 0,
    action: actionOf(n.tipo, n.itemType, n.idItem), node_id: n.idItem, node_bundle: n.itemType ?? n.tipo, names,
  }
}

/** `GET /user/{id}/notifications`: page (0-based) of 9 by default (at most 50), newest first by default. */
export async function listNotifications(db: Database, userId: number, q: NotificationQuery): Promise<NotificationList> {
  const size = Math.min(Math.max(q.items_per_page ?? NOTIFICATIONS_PAGE_SIZE, 1), 50)
  const page = q.page ?? 0
  const where = q.status === undefined ? eq(notifica.idUtente, userId)
    : and(eq(notifica.idUtente, userId), eq(notifica.letta, q.status === '1'))
  const order = q.sort_by === 'created_asc' ? [asc(notifica.createdAt), asc(notifica.id)] : [desc(notifica.createdAt), desc(notifica.id)]
  const rows = await db.select({ n: notifica, nome: utente.nome, cognome: utente.cognome }).from(notifica)
    .leftJoin(utente, eq(utente.id, notifica.idAttore)).where(where).orderBy(...order).limit(size).offset(page * size)
  const [total] = await db.select({ n: count() }).from(notifica).where(where)
  const n = Number(total?.n ?? 0)
  return {
    pager: { current_page: page, total_items: n, total_pages: Math.ceil(n / size), items_per_page: size },
    items: rows.map(toWire),
    unread: await unreadCount(db, userId),
  }
}

/** One notification of the user (for the live push), or null. */
export async function oneNotification(db: Database, userId: number, id: number): Promise<Notification | null> {
  const [row] = await db.select({ n: notifica, nome: utente.nome, cognome: utente.cognome }).from(notifica)
    .leftJoin(utente, eq(utente.id, notifica.idAttore)).where(and(eq(notifica.id, id), eq(notifica.idUtente, userId)))
  return row ? toWire(row) : null
}

/** `POST /notification/{ids}/read`: marks the caller's rows among `ids` read; `ids` null = all of them. */
export async function markRead(tx: Executor, userId: number, ids: number[] | null): Promise<{ count: number }> {
  const mine = and(eq(notifica.idUtente, userId), eq(notifica.letta, false), ids === null ? sql`true` : inArray(notifica.id, ids))
  // counted in SQL: 'mark all read' of a long history never brings every id into memory
  const changed = await tx.execute<{ n: number }>(sql`with u as (update ${notifica} set letta = true where ${mine} returning 1) select count(*)::int as n from u`)
  return { count: Number((changed as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) }
}

/** `POST /notification/{ids}/delete`: deletes the caller's rows among `ids`. */
export async function deleteNotifications(tx: Executor, userId: number, ids: number[]): Promise<{ count: number }> {
  const removed = await tx.delete(notifica).where(and(eq(notifica.idUtente, userId), inArray(notifica.id, ids))).returning({ id: notifica.id })
  return { count: removed.length }
}
