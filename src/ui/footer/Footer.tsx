/**
 * Footer (spec 000 §1): institutional links, privacy and accessibility links, open data and the
 * support entry; the support and legal links are hidden on /richiesta-assistenza.
 */
import { useRouterState } from '@tanstack/react-router'
import { AppLink } from '../AppLink'
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '../header/HeaderCenter'
import { isAssistancePage } from '../shell/chrome'
import { openShellModal } from '../stores/modals'
import { INSTITUTIONAL_LINKS, LEGAL_LINKS } from './links'
import { ShellIcon } from '../ShellIcon'

export function Footer() {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const minimal = isAssistancePage(pathname)
  return (
    <footer className="it-footer" data-testid="app-footer">
      <div className="it-footer-main">
        <div className="container-xxl">
          <section>
            <div className="row clearfix">
              <div className="col-sm-12">
                <div className="it-brand-wrapper">
                  <AppLink to="/">
                    <ShellIcon icon="it-pa" color="light" className="pd-brand-icon" aria-hidden />
                    <div className="it-brand-text">
                      <p className="h2 no_toc mb-0">{PRODUCT_NAME}</p>
                      <p className="h3 no_toc d-none d-md-block mb-0">{PRODUCT_TAGLINE}</p>
                    </div>
                  </AppLink>
                </div>
              </div>
            </div>
          </section>
          <section className="py-4 border-white border-top">
            <h2 className="h5 text-white mb-3">Siti istituzionali</h2>
            <ul className="list-unstyled row row-cols-1 row-cols-md-2 row-cols-lg-3 g-2 mb-0 pd-footer-links">
              {INSTITUTIONAL_LINKS.map((l) => (
                <li key={l.href} className="col">
                  <a href={l.href} target="_blank" rel="noreferrer" className="text-white">
                    {l.label}
                    <span className="visually-hidden"> (si apre in una nuova scheda)</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
      {!minimal && (
        <div className="it-footer-small-prints clearfix">
          <div className="container-xxl">
            <h2 className="visually-hidden">Link utili</h2>
            <ul className="it-footer-small-prints-list list-inline mb-0 d-flex flex-column flex-md-row" data-testid="footer-legal">
              {LEGAL_LINKS.map((l) => (
                <li key={l.href} className="list-inline-item">
                  <AppLink to={l.href}>{l.label}</AppLink>
                </li>
              ))}
              <li className="list-inline-item">
                <button type="button" className="btn btn-link p-0 pd-footer-support" onClick={() => openShellModal('support')}>
                  Assistenza
                </button>
              </li>
            </ul>
          </div>
        </div>
      )}
    </footer>
  )
}
