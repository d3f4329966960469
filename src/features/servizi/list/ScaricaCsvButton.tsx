/**
 * 'Scarica CSV' of the services list (spec 002 §2, §7: `POST servizio/download` → servizi.csv). Needs
 * the server: offline it is disabled (aria-disabled, still focusable) and says why (src/ui/offline-data).
 */
import { Icon } from 'design-react-kit'
import { useState } from 'react'
import { OnlineOnlyReason, useOnlineOnly } from '../../../ui/offline-data'
import { scaricaServiziCsv } from '../api'
import { T } from '../labels'
import type { FiltriServizi } from './servizi-list'

export function ScaricaCsvButton({ filtri }: { filtri: FiltriServizi }) {
  const guard = useOnlineOnly(T.csvOffline)
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
          scaricaServiziCsv(filtri)
            .catch(() => undefined) // the client already showed the error toast
            .finally(() => setBusy(false))
        }}
      >
        <Icon icon="it-download" size="sm" color="primary" aria-hidden />
        {busy ? 'Download in corso…' : T.scaricaCsv}
      </button>
      <OnlineOnlyReason guard={guard} className="text-secondary mt-1" />
    </div>
  )
}
