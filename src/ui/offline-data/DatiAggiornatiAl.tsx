/**
 * 'Dati aggiornati al DD-MM-YYYY HH:mm' (Europe/Rome) above data that could not be refreshed (issue 9
 * point 6), with why; 'Dati salvati il … — aggiornamento in corso' while a copy is shown and a fresher one
 * is being read (issue 24 point 21: a card restored or invalidated may show an old state); nothing while the
 * data is fresh. A polite live region (`role="status"`): screen readers hear it when a page goes offline.
 */
import { formatRomeDateTime } from '../../lib/dates'
import { OFFLINE_TEXTS } from './labels'
import type { OfflineData } from './useOfflineData'

export function DatiAggiornatiAl({ data, className = 'mb-3' }: { data: OfflineData; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={className} data-testid="dati-aggiornati-al">
      {data.stale && data.updatedAt !== null && (
        <div className="alert alert-warning mb-0 py-2">
          <p className="fw-semibold mb-1">{OFFLINE_TEXTS.aggiornatiAl(formatRomeDateTime(data.updatedAt))}</p>
          <p className="small mb-0">{data.offline ? OFFLINE_TEXTS.spiegazione : OFFLINE_TEXTS.spiegazioneErrore}</p>
        </div>
      )}
      {data.refreshing && data.updatedAt !== null && (
        <p className="small text-secondary mb-0" data-testid="dati-in-aggiornamento">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {(data.fromDevice ? OFFLINE_TEXTS.salvatiInAggiornamento : OFFLINE_TEXTS.inAggiornamento)(formatRomeDateTime(data.updatedAt))}
        </p>
      )}
    </div>
  )
}
