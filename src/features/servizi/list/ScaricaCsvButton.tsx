/**
 * 'Scarica CSV' of the services list (spec 002 §2, §7: `POST servizio/download` → servizi.csv). Needs
 * the server: offline it is disabled and says why.
 */
import { Icon } from 'design-react-kit'
import { useId, useState } from 'react'
import { useConnectivity } from '../../../offline'
import { scaricaServiziCsv } from '../api'
import { T } from '../labels'
import type { FiltriServizi } from './servizi-list'

export function ScaricaCsvButton({ filtri }: { filtri: FiltriServizi }) {
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
          scaricaServiziCsv(filtri)
            .catch(() => undefined) // the client already showed the error toast
            .finally(() => setBusy(false))
        }}
      >
        <Icon icon="it-download" size="sm" color="primary" aria-hidden />
        {busy ? 'Download in corso…' : T.scaricaCsv}
      </button>
      {offline && <small id={id} className="text-secondary mt-1">{T.csvOffline}</small>}
    </div>
  )
}
