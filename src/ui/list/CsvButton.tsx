/**
 * 'Scarica CSV' of a list (spec 002 §2, §7; platform-frontend §10.3): runs `download()` (the caller posts
 * the list's current filters to `/{entity}/download` and saves the file). Needs the server: offline it is
 * disabled and says why; while the file comes it reads 'Download in corso…'. Errors are the client's
 * toast (the promise's rejection is swallowed here).
 */
import { Icon } from 'design-react-kit'
import { useId, useState } from 'react'
import { useConnectivity } from '../../offline'

export const CSV_LABEL = 'Scarica CSV'
export const CSV_OFFLINE = 'Sei offline: per scaricare il file CSV serve la connessione.'

export function CsvButton({ download }: { download(): Promise<void> }) {
  const offline = useConnectivity() === 'offline'
  const [busy, setBusy] = useState(false)
  const id = useId()
  return (
    <div className="d-inline-flex flex-column align-items-start">
      <button
        type="button"
        className="btn btn-outline-primary btn-sm d-inline-flex align-items-center gap-1"
        disabled={offline || busy}
        aria-describedby={offline ? id : undefined}
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
      {offline && <small id={id} className="text-secondary mt-1">{CSV_OFFLINE}</small>}
    </div>
  )
}
