/**
 * '/area-personale' (spec 000 §2.2): the user's data, the list of role profiles with the current
 * one marked, and 'Cambia ruolo' when there is more than one.
 */
import { Link } from '@tanstack/react-router'
import { useSession } from '../../auth/session'
import { RoleCard } from '../../ui/profile/RoleCard'
import { profileKey } from '../../ui/profile/role-card'
import { openShellModal } from '../../ui/stores/modals'

export function PersonalArea() {
  const { user, profilo } = useSession()
  if (!user) return null
  const currentKey = profilo ? profileKey(profilo) : null
  const fields: Array<[string, string]> = [
    ['Nome', user.nome],
    ['Cognome', user.cognome],
    ['Codice fiscale', user.codiceFiscale],
    ['Email', user.email ?? '—'],
    ['Telefono', user.telefono ?? '—'],
  ]
  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid="personal-area">
      <h1 className="mb-4">Area personale</h1>
      <p className="mb-4">
        <Link to="/area-personale/sincronizzazione" data-testid="sync-centre-link">
          Sincronizzazione
        </Link>
        : le operazioni salvate su questo dispositivo e non ancora inviate.
      </p>
      <section aria-labelledby="pd-user-data" className="mb-5">
        <h2 id="pd-user-data" className="h4 mb-3">
          I tuoi dati
        </h2>
        <dl className="row mb-0">
          {fields.map(([label, value]) => (
            <div className="col-sm-6 col-lg-4 mb-3" key={label}>
              <dt className="small text-secondary fw-normal">{label}</dt>
              <dd className={`mb-0 fw-semibold${label === 'Codice fiscale' ? ' font-monospace' : ''}`}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="pd-user-roles">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
          <h2 id="pd-user-roles" className="h4 mb-0">
            I tuoi ruoli
          </h2>
          {user.profiliUtente.length > 1 && (
            <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => openShellModal('profile')}>
              Cambia ruolo
            </button>
          )}
        </div>
        {user.profiliUtente.length === 0 ? (
          <p>Non hai ancora ruoli assegnati.</p>
        ) : (
          <ul className="row row-cols-1 row-cols-md-2 row-cols-lg-3 g-3 list-unstyled">
            {user.profiliUtente.map((p) => (
              <li className="col" key={profileKey(p)}>
                <RoleCard profile={p} current={profileKey(p) === currentKey} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
