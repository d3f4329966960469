/**
 * Center header: product name, tagline and the search icon leading to /home/cerca (spec 000 §2.4); on
 * phones the burger menu's toggle (`menuToggle`) comes first, as on screen.
 */
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { ShellIcon } from '../ShellIcon'

export const PRODUCT_NAME = 'Punto Digitale'
export const PRODUCT_TAGLINE = 'Servizi di facilitazione digitale per cittadine e cittadini'

export function HeaderCenter({ showSearch, menuToggle }: { showSearch: boolean; menuToggle?: ReactNode }) {
  return (
    <div className="it-header-center-wrapper">
      <div className="container-xxl">
        <div className="row">
          <div className="col-12">
            <div className={`it-header-center-content-wrapper${menuToggle ? ' pd-with-menu-toggle' : ''}`}>
              {menuToggle}
              <div className="it-brand-wrapper">
                <Link to="/">
                  <ShellIcon icon="it-pa" className="pd-brand-icon" aria-hidden />
                  <div className="it-brand-text">
                    <div className="it-brand-title">
                      {PRODUCT_NAME}
                      <span className="visually-hidden">, vai alla home</span>
                    </div>
                    <div className="it-brand-tagline d-none d-md-block">{PRODUCT_TAGLINE}</div>
                  </div>
                </Link>
              </div>
              {showSearch && (
                <div className="it-right-zone">
                  <div className="it-search-wrapper">
                    <span className="d-none d-md-block">Cerca</span>
                    <Link to="/home/cerca" className="search-link rounded-icon" aria-label="Cerca nel sito" data-testid="search-link">
                      <ShellIcon icon="it-search" aria-hidden />
                    </Link>
                  </div>
                </div>
              )}
            </div>
          </div>
        </div>
      </div>
    </div>
  )
}
