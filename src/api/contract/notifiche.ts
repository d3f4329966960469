/**
 * Wire shapes of the notifications (spec 001 §2 "Notifications", §3 "Notification", §7; issue 12 point 7),
 * served under `/api`:
 * - `GET /user/{id}/notifications?status=0|1&sort_by=created_desc|created_asc&page=0&items_per_page=9`
 * - `GET /user/{id}/notifications/count` → `{ unread }`
 * - `POST /notification/{ids joined by ;}/read`, `POST /notification/{ids}/delete` → `{ count }` (rows changed)
 * - `POST /user/{id}/notifications/read` (mark all read) → `{ count }`
 * - `POST /notification/stream/ticket` → `{ ticket, expires_in }`; `GET /notification/stream?ticket=` (SSE)
 * The message is a template whose user ids are wrapped in `$…$` (spec 001 §2); `names` resolves them.
 * Imported by client and server: keep it free of other imports than valibot.
 */
import * as v from 'valibot'

/** Page size of spec 001 §9. */
export const NOTIFICATIONS_PAGE_SIZE = 9
/** Sort keys of spec 001 §2: 'Più recenti', 'Meno recenti'. */
export const NOTIFICATION_SORTS = ['created_desc', 'created_asc'] as const
export type NotificationSort = (typeof NOTIFICATION_SORTS)[number]
/** Most ids in one read/delete call. */
export const MAX_IDS_PER_CALL = 100

const QueryInt = v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number))

/** Query of the list (profile ids are accepted and ignored: notifications belong to the user, not the role). */
export const NotificationQuerySchema = v.object({
  status: v.optional(v.picklist(['0', '1'])),
  sort_by: v.optional(v.picklist(NOTIFICATION_SORTS)),
  page: v.optional(QueryInt),
  items_per_page: v.optional(QueryInt),
  idProgramma: v.optional(QueryInt),
  idProgetto: v.optional(QueryInt),
  idEnte: v.optional(QueryInt),
})
export type NotificationQuery = v.InferOutput<typeof NotificationQuerySchema>

/** A notification (spec 001 §3): status 0 unread, 1 read; `action` the app path to open. */
export const NotificationSchema = v.object({
  id: v.number(),
  /** ISO date-time */
  date: v.string(),
  message: v.string(),
  status: v.picklist([0, 1]),
  action: v.string(),
  node_id: v.nullable(v.number()),
  node_bundle: v.string(),
  /** user id (as text) → 'Nome Cognome', for the `$id$` tokens of `message` */
  names: v.record(v.string(), v.string()),
})
export type Notification = v.InferOutput<typeof NotificationSchema>

export const NotificationListSchema = v.object({
  pager: v.object({ current_page: v.number(), total_items: v.number(), total_pages: v.number(), items_per_page: v.number() }),
  items: v.array(NotificationSchema),
  unread: v.number(),
})
export type NotificationList = v.InferOutput<typeof NotificationListSchema>

export const UnreadCountSchema = v.object({ unread: v.number() })
export const ChangedCountSchema = v.object({ count: v.number() })
export const StreamTicketSchema = v.object({ ticket: v.string(), expires_in: v.number() })

/** Payload of the SSE `notifica` event: the new unread count and the id of the new notification, if any. */
export const StreamEventSchema = v.object({ unread: v.number(), id: v.nullable(v.number()) })
export type StreamEvent = v.InferOutput<typeof StreamEventSchema>

/** Parses the `{ids}` path segment ('1;2;3'); null when malformed, empty or above {@link MAX_IDS_PER_CALL}. */
export function parseIdList(segment: string): number[] | null {
  const parts = segment.split(';')
  if (parts.length === 0 || parts.length > MAX_IDS_PER_CALL) return null
  const ids: number[] = []
  for (const p of parts) {
    if (!/^\d{1,9}$/.test(p)) return null
    const n = Number(p)
    if (n < 1) return null
    ids.push(n)
  }
  return [...new Set(ids)]
}

/** Splits a message on the `$` separator, replacing odd parts (user ids) by their names ('Utente Anonimo' if unknown). */
export function renderMessage(message: string, names: Record<string, string>): string {
  return message.split('$').map((part, i) => (i % 2 === 1 ? (names[part] ?? 'Utente Anonimo') : part)).join('')
}
