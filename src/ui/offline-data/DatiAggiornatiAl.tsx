/**
 * 'Dati aggiornati al DD-MM-YYYY HH:mm' (Europe/Rome) above data that could not be refreshed (issue 9
 * point 6), with why; nothing while the data is fresh. A polite live region (`role="status"`): screen
 * readers hear it when a page goes offline.
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
    </div>
  )
}
