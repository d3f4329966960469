/**
 * Home of a logged user (spec 000 §2.2, tab.home): welcome, the current role card and quick links to
 * the areas the role may open (the visible menu entries). Before a profile is chosen it invites to
 * choose one (the modal 'Scegli il ruolo' opens by itself).
 */
import { useSession } from '../../auth/session'
import { AppLink } from '../../ui/AppLink'
import type { MenuEntry } from '../../ui/nav/menu'
import { RoleCard } from '../../ui/profile/RoleCard'
import { useShellModel } from '../../ui/shell/useShellModel'
import { openShellModal } from '../../ui/stores/modals'

/** Quick-link targets: every visible entry but Home, sub-entries instead of their parent. */
export function quickLinks(menu: MenuEntry[]): MenuEntry[] {
  return menu.filter((e) => e.id !== 'home').flatMap((e) => (e.children.length > 0 ? e.children : [e]))
}

export function Home() {
  const session = useSession()
  const model = useShellModel()
  const links = quickLinks(model.mainMenu)
  const profiles = session.user?.profiliUtente ?? []
  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid="home">
      <h1 className="mb-4">Ciao {session.user?.nome}, ti diamo il benvenuto su Punto Digitale</h1>
      <div className="row g-4">
        <section className="col-lg-4" aria-labelledby="pd-home-role">
          <h2 id="pd-home-role" className="h4">
            Il tuo ruolo
          </h2>
          {session.profilo ? (
            <RoleCard profile={session.profilo} />
          ) : (
            <p>Non hai ancora scelto con quale ruolo lavorare.</p>
          )}
          {profiles.length > 1 && (
            <button type="button" className="btn btn-outline-primary btn-sm mt-3" onClick={() => openShellModal('profile')}>
              Cambia ruolo
            </button>
          )}
        </section>
        <section className="col-lg-8" aria-labelledby="pd-home-links">
          <h2 id="pd-home-links" className="h4">
            Accesso rapido
          </h2>
          {links.length === 0 ? (
            <p>Con il ruolo attuale non ci sono sezioni da aprire.</p>
          ) : (
            <ul className="row row-cols-1 row-cols-sm-2 g-3 list-unstyled" data-testid="quick-links">
              {links.map((l) => (
                <li className="col" key={l.id}>
                  <AppLink to={l.to} className="card card-bg rounded shadow-sm h-100 text-decoration-none">
                    <span className="card-body d-block">
                      <span className="h5 d-block text-primary mb-0">{l.label}</span>
                    </span>
                  </AppLink>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  )
}
