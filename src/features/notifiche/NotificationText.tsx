/**
 * One notification's text and date (spec 001 §2): the message with its `$id$` tokens replaced by the
 * names, the date in Italian, an 'unread' mark for screen readers and sighted users alike.
 */
import { renderMessage, type Notification } from '../../api/contract/notifiche'

/** What an empty list says. */
export const EMPTY_NOTIFICATIONS_TEXT = 'Non ci sono notifiche'

const DATE = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })

/** The readable message of `n`. */
export function notificationMessage(n: Notification): string {
  return renderMessage(n.message, n.names)
}

export function NotificationText({ n }: { n: Notification }) {
  return (
    <span className="d-block">
      {n.status === 0 && <span className="badge bg-primary me-2">Non letta</span>}
      <span className={n.status === 0 ? 'fw-semibold' : undefined}>{notificationMessage(n)}</span>
      <small className="d-block text-secondary">{DATE.format(new Date(n.date))}</small>
    </span>
  )
}

/**
 * The states of a notifications list before its rows (page and side panel): loading, a failed read with
 * 'Riprova', 'Non ci sono notifiche' when the list is empty.
 */
export function NotificationsLoadState({ isPending, isError, empty, retry }: { isPending: boolean; isError: boolean; empty: boolean; retry(): void }) {
  return (
    <>
      {isPending && <p role="status">Caricamento in corso…</p>}
      {isError && (
        <p>
          Non è stato possibile caricare le notifiche.{' '}
          <button type="button" className="btn btn-link p-0 align-baseline" onClick={retry}>Riprova</button>
        </p>
      )}
      {empty && <p>{EMPTY_NOTIFICATIONS_TEXT}</p>}
    </>
  )
}
