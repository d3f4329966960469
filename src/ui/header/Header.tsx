/**
 * Application header (spec 000 §2.4): slim bar, center brand with search, main navigation.
 * On /richiesta-assistenza only the brand remains (spec 002 §2, assistance page).
 * Owns the phone menu's state: its toggle sits in the centre row before the brand, where phones show it,
 * so that it comes first in the tab order there (WCAG 2.4.3); the menu closes after any navigation and
 * when the window grows to the desktop layout (where the panel is the always-visible navbar).
 */
import { useRouterState } from '@tanstack/react-router'
import { useCallback, useEffect, useRef, useState } from 'react'
import { isAssistancePage } from '../shell/chrome'
import { useShellModel } from '../shell/useShellModel'
import { HeaderCenter } from './HeaderCenter'
import { HeaderNavbar, MAIN_NAV_ID } from './HeaderNavbar'
import { HeaderSlim } from './HeaderSlim'
import { ShellIcon } from '../ShellIcon'

/** Width from which bootstrap-italia shows the navbar inline instead of the burger menu. */
const DESKTOP_QUERY = '(min-width: 992px)'

interface MenuState {
  open: boolean
  /** focus goes back to the toggle when it closes (not after a navigation) */
  restoreFocus: boolean
}

export function Header() {
  const model = useShellModel()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const minimal = isAssistancePage(pathname)
  const [menu, setMenu] = useState<MenuState>({ open: false, restoreFocus: true })
  const toggleRef = useRef<HTMLButtonElement>(null)
  const close = useCallback(() => setMenu({ open: false, restoreFocus: true }), [])

  // close the burger panel after any navigation, leaving focus to the new page (route-focus.ts)
  useEffect(() => setMenu((m) => (m.open ? { open: false, restoreFocus: false } : m)), [pathname])
  useEffect(() => {
    if (!menu.open || typeof window.matchMedia !== 'function') return
    const desktop = window.matchMedia(DESKTOP_QUERY)
    const onChange = () => {
      if (desktop.matches) setMenu({ open: false, restoreFocus: false })
    }
    desktop.addEventListener('change', onChange)
    return () => desktop.removeEventListener('change', onChange)
  }, [menu.open])

  const hasMenu = !minimal && (model.mainMenu.length > 0 || model.managementMenu.length > 0)
  const toggle = hasMenu ? (
    <button
      ref={toggleRef}
      className="custom-navbar-toggler pd-menu-toggle"
      type="button"
      aria-controls={MAIN_NAV_ID}
      aria-expanded={menu.open}
      aria-label="Mostra o nascondi il menu"
      data-testid="menu-toggle"
      onClick={() => setMenu((m) => ({ open: !m.open, restoreFocus: true }))}
    >
      <ShellIcon icon="it-burger" aria-hidden />
    </button>
  ) : null

  return (
    <header className="it-header-wrapper" data-testid="app-header">
      {!minimal && <HeaderSlim model={model} />}
      <div className="it-nav-wrapper">
        <HeaderCenter showSearch={!minimal} menuToggle={toggle} />
        {!minimal && (
          <HeaderNavbar
            menu={model.mainMenu}
            management={model.managementMenu}
            open={menu.open}
            restoreFocus={menu.restoreFocus}
            onClose={close}
            toggleRef={toggleRef}
          />
        )}
      </div>
    </header>
  )
}
