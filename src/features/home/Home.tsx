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

/** One line under each quick link, by menu entry id. */
const QUICK_LINK_TEXT: Readonly<Record<string, string>> = {
  programmi: 'Programmi di facilitazione digitale',
  progetti: 'Progetti dei programmi',
  proprio: 'Informazioni sul tuo progetto o programma',
  enti: 'Enti gestori e partner',
  utenti: 'Utenti e ruoli',
  questionari: 'Modelli dei questionari',
  servizi: 'Servizi di facilitazione e formazione',
  'area-cittadini': 'Le persone che hanno partecipato ai servizi',
  'report-dati-sub': 'Report sui servizi',
  'report-dati': 'Report sui servizi',
  monitoraggio: 'Caricamenti massivi dei dati',
  bacheca: 'Annunci e novità della rete',
  forum: 'Discussioni della comunità',
  documenti: 'Materiali da consultare e scaricare',
}

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
            <div>
              <RoleCard profile={session.profilo} />
            </div>
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
                    <span className="card-body d-block py-3">
                      <span className="h5 d-block text-primary mb-1">{l.label}</span>
                      {QUICK_LINK_TEXT[l.id] && <span className="d-block small text-secondary">{QUICK_LINK_TEXT[l.id]}</span>}
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
