/**
 * '/richiesta-assistenza' (spec 002 §2, opened in a new tab): first step of the request, the current
 * role card. The request form arrives with a later issue; 'Annulla' closes the tab.
 */
import { useSession } from '../../auth/session'
import { RoleCard } from '../../ui/profile/RoleCard'

export function AssistancePage() {
  const { profilo } = useSession()
  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid="assistance-page">
      <h1 className="mb-4">Richiesta di assistenza tecnica</h1>
      <p className="fw-semibold">Stai per inviare una richiesta con il ruolo di:</p>
      <div className="mb-3" style={{ maxWidth: '28rem' }}>
        {profilo ? <RoleCard profile={profilo} /> : <p>Nessun ruolo scelto.</p>}
      </div>
      <p>
        Per inviare la richiesta con un altro ruolo, annulla, cambia ruolo dal menu utente e torna su questa pagina.
      </p>
      <div className="alert alert-info" role="note">
        Il modulo di richiesta sarà disponibile con un prossimo aggiornamento.
      </div>
      <button type="button" className="btn btn-outline-primary" onClick={() => window.close()}>
        Annulla
      </button>
    </div>
  )
}
