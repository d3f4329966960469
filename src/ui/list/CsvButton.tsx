/**
 * 'Scarica CSV' of a list (spec 002 §2, §7; platform-frontend §10.3): runs `download()` (the caller posts
 * the list's current filters to `/{entity}/download` and saves the file). Needs the server: offline it is
 * disabled (aria-disabled, still focusable: src/ui/offline-data) and says why; while the file comes it reads
 * 'Download in corso…'. Errors are the client's toast (the promise's rejection is swallowed here).
 */
import { Icon } from 'design-react-kit'
import { useState } from 'react'
import { OnlineOnlyReason, useOnlineOnly } from '../offline-data'

export const CSV_LABEL = 'Scarica CSV'
export const CSV_OFFLINE = 'Sei offline: per scaricare il file CSV serve la connessione.'

export function CsvButton({ download }: { download(): Promise<void> }) {
  const guard = useOnlineOnly(CSV_OFFLINE)
  const [busy, setBusy] = useState(false)
  return (
    <div className="d-inline-flex flex-column align-items-start">
      <button
        type="button"
        className={`btn btn-outline-primary btn-sm d-inline-flex align-items-center gap-1${guard.blocked ? ' disabled' : ''}`}
        disabled={busy}
        {...guard.controlProps}
        onClick={() => {
          setBusy(true)
          download()
            .catch(() => undefined) // the client already showed the error toast
            .finally(() => setBusy(false))
        }}
      >
        <Icon icon="it-download" size="sm" color="primary" aria-hidden />
        {busy ? 'Download in corso…' : CSV_LABEL}
      </button>
      <OnlineOnlyReason guard={guard} className="text-secondary mt-1" />
    </div>
  )
}
