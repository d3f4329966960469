/**
 * One notification's text and date (spec 001 §2): the message with its `$id$` tokens replaced by the
 * names, the date in Italian, an 'unread' mark for screen readers and sighted users alike.
 */
import { renderMessage, type Notification } from '../../api/contract/notifiche'

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
