/**
 * One operation of the sync centre: label, kind in Italian, status (with the next attempt time when a
 * retry is scheduled), created time, the role profile it was made in, attempts, last error (the server's
 * message and code), and the actions allowed in its state: 'Risolvi il conflitto' (an entry 'In conflitto', issue 27),
 * 'Riprova', 'Modifica', 'Elimina'.
 */
import { Icon } from 'design-react-kit'
import type { OutboxEntry } from '../../offline'
import { canDiscardEntry, canEditEntry, canResolveEntry, canRetryEntry, errorLabel, formatTime, kindLabel, roleContextLabel, statusLabel, type KnownProfile } from './format'

export interface EntryCardProps {
  entry: OutboxEntry
  profiles: readonly KnownProfile[]
  busy: boolean
  onRetry(entry: OutboxEntry): void
  onEdit(entry: OutboxEntry): void
  onDiscard(entry: OutboxEntry): void
  /** opens the conflict view of an entry 'In conflitto' */
  onResolve?(entry: OutboxEntry): void
}

export function EntryCard({ entry, profiles, busy, onRetry, onEdit, onDiscard, onResolve }: EntryCardProps) {
  const title = entry.label ?? kindLabel(entry.kind)
  const titleId = `pd-entry-${entry.id}`
  const rows: Array<[string, string]> = [
    ['Tipo', kindLabel(entry.kind)],
    ['Stato', statusLabel(entry.status)],
    ['Creata il', formatTime(entry.createdAt)],
    ['Profilo', roleContextLabel(entry.roleContext, profiles)],
    ['Tentativi', String(entry.attempts)],
  ]
  if (entry.status === 'failed-retry' && entry.nextAttemptAt > 0) rows.push(['Prossimo tentativo', formatTime(entry.nextAttemptAt)])
  // the operation's name completes each button's accessible name ('Riprova Servizio «…»')
  const hidden = (
    <>
      {' '}
      <span className="visually-hidden">{title}</span>
    </>
  )
  return (
    <article className="border rounded bg-white p-3 mb-3" aria-labelledby={titleId} data-testid="sync-entry" data-status={entry.status}>
      <h3 id={titleId} className="h5 mb-2 text-break">
        {title}
      </h3>
      <dl className="row small mb-2">
        {rows.map(([k, v]) => (
          <div className="col-12 col-sm-6 col-lg-4 mb-2" key={k}>
            <dt className="fw-normal text-secondary">{k}</dt>
            <dd className="mb-0 fw-semibold">{v}</dd>
          </div>
        ))}
      </dl>
      {entry.lastError && (
        <div className={`alert ${entry.status === 'attention' || entry.status === 'conflict' ? 'alert-danger' : 'alert-warning'} py-2 small mb-3`} data-testid="sync-entry-error">
          <span className="fw-semibold">Ultimo errore: </span>
          {errorLabel(entry.lastError)}
        </div>
      )}
      <div className="d-flex flex-wrap gap-2">
        {canResolveEntry(entry) && onResolve && (
          <button type="button" className="btn btn-primary btn-sm d-inline-flex align-items-center gap-1" disabled={busy} onClick={() => onResolve(entry)}>
            <Icon icon="it-exchange-circle" color="white" size="xs" aria-hidden />
            Risolvi il conflitto{hidden}
          </button>
        )}
        {canRetryEntry(entry) && (
          <button type="button" className="btn btn-primary btn-sm d-inline-flex align-items-center gap-1" disabled={busy} onClick={() => onRetry(entry)}>
            <Icon icon="it-restore" color="white" size="xs" aria-hidden />
            Riprova{hidden}
          </button>
        )}
        {canEditEntry(entry) && (
          <button type="button" className="btn btn-outline-primary btn-sm d-inline-flex align-items-center gap-1" disabled={busy} onClick={() => onEdit(entry)}>
            <Icon icon="it-pencil" color="primary" size="xs" aria-hidden />
            Modifica{hidden}
          </button>
        )}
        {canDiscardEntry(entry) && (
          <button type="button" className="btn btn-outline-danger btn-sm d-inline-flex align-items-center gap-1" disabled={busy} onClick={() => onDiscard(entry)}>
            <Icon icon="it-delete" color="danger" size="xs" aria-hidden />
            Elimina{hidden}
          </button>
        )}
      </div>
    </article>
  )
}
