/**
 * Calls of the notifications (src/api/contract/notifiche.ts; spec 001 §7 under the API base): the list
 * as query options, the unread count, mark read (some or all) and delete. Notifications belong to the
 * user, not to the role: no profile ids are needed.
 */
import { apiGet, apiPost } from '../../api/client'
import {
  ChangedCountSchema, NotificationListSchema, NOTIFICATIONS_PAGE_SIZE, StreamTicketSchema, UnreadCountSchema, type NotificationSort,
} from '../../api/contract/notifiche'
import { readUser } from '../../auth/token-store'
import { write } from '../../api/write'

const userId = () => readUser()?.id ?? 0

export interface NotificationListParams { status?: 0 | 1; sort: NotificationSort; page: number }

export const notificheKeys = {
  all: ['notifiche'] as const,
  list: (p: NotificationListParams) => ['notifiche', 'list', p] as const,
}

/** A page of the user's notifications (9 per page, 0-based). */
export function notificationsQuery(p: NotificationListParams) {
  const searchParams: Record<string, string | number> = { sort_by: p.sort, page: p.page, items_per_page: NOTIFICATIONS_PAGE_SIZE }
  if (p.status !== undefined) searchParams.status = String(p.status)
  return {
    queryKey: notificheKeys.list(p),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiGet(`user/${userId()}/notifications`, NotificationListSchema, { signal, background: true, searchParams }),
  }
}

/** The unread count (polling fallback); silent: a failed poll shows nothing. */
export async function fetchUnreadCount(): Promise<number> {
  return (await apiGet(`user/${userId()}/notifications/count`, UnreadCountSchema, { silent: true, background: true })).unread
}

/** A write of the notifications (one write, src/api/write.ts): empty body, catalogue toast; the notifications' reads refresh. */
const scrivi = (path: string, background = false) =>
  write({ method: 'post', path, body: {}, schema: ChangedCountSchema, withProfile: false, toast: 'catalogue', background, invalidate: [notificheKeys.all] })

/** Marks the given notifications read (no loader). */
export function markRead(ids: number[]) {
  return scrivi(`notification/${ids.join(';')}/read`, true)
}

/** Marks every notification of the user read. */
export function markAllRead() {
  return scrivi(`user/${userId()}/notifications/read`)
}

/** Deletes the given notifications. */
export function deleteNotifications(ids: number[]) {
  return scrivi(`notification/${ids.join(';')}/delete`)
}

/** A short-lived ticket for the live stream (silent: failures fall back to polling). */
export function streamTicket() {
  return apiPost('notifications/stream/ticket', {}, StreamTicketSchema, { silent: true, background: true })
}
