/**
 * Application header (spec 000 §2.4): slim bar, center brand with search, main navigation.
 * On /richiesta-assistenza only the brand remains (spec 002 §2, assistance page).
 */
import { useRouterState } from '@tanstack/react-router'
import { isAssistancePage } from '../shell/chrome'
import { useShellModel } from '../shell/useShellModel'
import { HeaderCenter } from './HeaderCenter'
import { HeaderNavbar } from './HeaderNavbar'
import { HeaderSlim } from './HeaderSlim'

export function Header() {
  const model = useShellModel()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const minimal = isAssistancePage(pathname)
  return (
    <header className="it-header-wrapper" data-testid="app-header">
      {!minimal && <HeaderSlim model={model} />}
      <div className="it-nav-wrapper">
        <HeaderCenter showSearch={!minimal} />
        {!minimal && <HeaderNavbar menu={model.mainMenu} management={model.managementMenu} />}
      </div>
    </header>
  )
}
