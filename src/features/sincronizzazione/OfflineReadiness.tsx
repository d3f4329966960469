/**
 * 'Lavoro offline' in the sync centre (delivery issue 7, item 3): whether this device holds everything the
 * field needs without network — the field's offline set the service worker fetches after a FAC/VOL login
 * (src/pwa/offline-sets.ts). States: 'Download in corso (n di m)' with a progress bar, 'Pronto per lavorare
 * offline', an error with 'Riprova' when files could not be fetched, and 'not on the device yet' with
 * 'Scarica ora' (disabled, with the reason, while the device has no network). The state sentence sits in a polite live region (announced when the state changes, not
 * at every file); the count is read from the progress bar. Shown only with a FAC/VOL profile and a
 * service worker.
 */
import { Icon } from 'design-react-kit'
import { useSession } from '../../auth/session'
import { useNetworkAvailable } from '../../offline/shell'
import { requestOfflineSet, useOfflineSet, type OfflineSetState } from '../../pwa/offline-sets'
import { FIELD_SET } from '../../../sw/messages'
import { isFieldRole } from '../../lib/ruoli'

export const READY_TEXT = 'Pronto per lavorare offline'
export const DOWNLOADING_TEXT = 'Download in corso'
export const ERROR_TEXT = 'Download non completato'
export const MISSING_TEXT = 'File per il lavoro offline non ancora scaricati'
export const CHECKING_TEXT = 'Verifica dei file per il lavoro offline…'
export const NO_NETWORK_TEXT = 'Sei offline: collegati a internet per scaricarli.'

/** 'n di m' (exported for tests). */
export function countText(s: Pick<OfflineSetState, 'done' | 'total'>): string {
  return `${s.done.toLocaleString('it-IT')} di ${s.total.toLocaleString('it-IT')}`
}

/** The explanation under the state sentence (exported for tests). */
export function detailText(s: OfflineSetState): string {
  switch (s.status) {
    case 'ready':
      return 'Pagine, icone e dati di riferimento del lavoro sul campo sono su questo dispositivo: puoi lavorare anche senza rete.'
    case 'downloading':
      return 'Resta connesso finché il download non è completato: poi potrai lavorare anche senza rete.'
    case 'error':
      return `${s.failed === 1 ? '1 file non è stato scaricato' : `${s.failed.toLocaleString('it-IT')} file non sono stati scaricati`}: senza rete alcune pagine o icone potrebbero mancare. Controlla la connessione e riprova.`
    case 'missing':
      return 'Senza rete alcune pagine o icone potrebbero mancare. Scaricali ora, mentre sei connesso.'
    default:
      return ''
  }
}

/** The field's offline readiness, for the sync centre. */
export function OfflineReadiness() {
  const { profilo } = useSession()
  const state = useOfflineSet(FIELD_SET)
  const network = useNetworkAvailable()
  if (!profilo || !isFieldRole(profilo.codiceRuolo) || state.status === 'unsupported') return null

  const { status, done, total } = state
  const title =
    status === 'ready' ? READY_TEXT : status === 'downloading' ? DOWNLOADING_TEXT : status === 'error' ? ERROR_TEXT : status === 'missing' ? MISSING_TEXT : CHECKING_TEXT
  const percent = total > 0 ? Math.round((done / total) * 100) : 0
  const detail = detailText(state)

  return (
    <section aria-labelledby="pd-offline-readiness" className="mb-4" data-testid="offline-readiness">
      <h2 id="pd-offline-readiness" className="h4 mb-3">
        Lavoro offline
      </h2>
      <p className="mb-2 fw-semibold d-flex align-items-center gap-2" data-testid="offline-readiness-state">
        {status === 'ready' && <Icon icon="it-check-circle" color="success" size="sm" aria-hidden />}
        {status === 'error' && <Icon icon="it-error" color="danger" size="sm" aria-hidden />}
        <span role="status" aria-live="polite">
          {title}
        </span>{' '}
        {status === 'downloading' && total > 0 && <span data-testid="offline-readiness-count">{`(${countText(state)})`}</span>}
      </p>
      {status === 'downloading' && (
        <div className="progress mb-2" style={{ maxWidth: '32rem' }}>
          <div
            className="progress-bar"
            role="progressbar"
            aria-label="File per il lavoro offline scaricati"
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={done}
            aria-valuetext={total > 0 ? `${countText(state)} file` : undefined}
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
      {detail && <p className="small mb-2">{detail}</p>}
      {(status === 'error' || status === 'missing') && (
        <>
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            onClick={() => requestOfflineSet(FIELD_SET)}
            disabled={!network}
            aria-describedby={network ? undefined : 'pd-offline-readiness-reason'}
          >
            {status === 'error' ? 'Riprova' : 'Scarica ora'}
          </button>
          {!network && (
            <p id="pd-offline-readiness-reason" className="small mt-2 mb-0">
              {NO_NETWORK_TEXT}
            </p>
          )}
        </>
      )}
    </section>
  )
}
