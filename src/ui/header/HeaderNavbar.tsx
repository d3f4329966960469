/**
 * Main navigation bar (spec 000 §2.3): entries by permission; entries with sub-routes open a dropdown
 * on desktop and an accordion in the phone burger menu, which also holds the 'Area gestionale' section.
 * The burger panel's state and toggle belong to the Header (the toggle is drawn in the centre row).
 */
import { useRouterState } from '@tanstack/react-router'
import type { RefObject } from 'react'
import { AppLink } from '../AppLink'
import { isActivePath, type MenuEntry } from '../nav/menu'
import { DisclosureMenu } from './DisclosureMenu'
import { NavbarCollapse } from './NavbarCollapse'

/** Id of the burger panel (the toggle's `aria-controls`). */
export const MAIN_NAV_ID = 'pd-main-nav'

export interface HeaderNavbarProps {
  menu: MenuEntry[]
  management: MenuEntry[]
  /** phone burger panel open */
  open: boolean
  restoreFocus: boolean
  onClose: () => void
  toggleRef: RefObject<HTMLElement | null>
}

export function HeaderNavbar({ menu, management, open, restoreFocus, onClose, toggleRef }: HeaderNavbarProps) {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  if (menu.length === 0 && management.length === 0) return null

  return (
    <div className="it-header-navbar-wrapper" data-testid="main-navbar">
      <div className="container-xxl">
        <div className="row">
          <div className="col-12">
            <nav className="navbar navbar-expand-lg has-megamenu" aria-label="Navigazione principale" id="navigazione-principale">
              <NavbarCollapse isOpen={open} onClose={onClose} id={MAIN_NAV_ID} toggleRef={toggleRef} restoreFocus={restoreFocus}>
                <div className="menu-wrapper">
                  <ul className="navbar-nav" data-testid="main-menu">
                    {menu.map((e) =>
                      e.children.length > 0 ? (
                        <DisclosureMenu
                          key={e.id}
                          variant="navbar"
                          button={<span>{e.label}</span>}
                          buttonClassName={isActivePath(pathname, e.to) ? 'active' : ''}
                          entries={e.children.map((c) => ({ id: c.id, label: c.label, to: c.to, active: isActivePath(pathname, c.to) }))}
                          testId={`menu-${e.id}`}
                        />
                      ) : (
                        <li className="nav-item" key={e.id}>
                          <AppLink
                            to={e.to}
                            className={`nav-link${isActivePath(pathname, e.to) ? ' active' : ''}`}
                            aria-current={isActivePath(pathname, e.to) ? 'page' : undefined}
                            data-testid={`menu-${e.id}`}
                          >
                            <span>{e.label}</span>
                          </AppLink>
                        </li>
                      ),
                    )}
                  </ul>
                  {management.length > 0 && (
                    <div className="d-lg-none pd-burger-management" data-testid="burger-management">
                      <h2 className="h6 text-uppercase px-4 pt-4 mb-1">Area gestionale</h2>
                      <ul className="navbar-nav">
                        {management.map((e) => (
                          <li className="nav-item" key={e.id}>
                            <AppLink to={e.to} className={`nav-link${isActivePath(pathname, e.to) ? ' active' : ''}`}>
                              <span>{e.label}</span>
                            </AppLink>
                          </li>
                        ))}
                      </ul>
                    </div>
                  )}
                </div>
              </NavbarCollapse>
            </nav>
          </div>
        </div>
      </div>
    </div>
  )
}
