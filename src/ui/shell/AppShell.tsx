/**
 * Page furniture around every route (spec 000 §1, §2.4–2.7): skip links, header, breadcrumb, main
 * content, footer, toasts, loader overlay, 'Scegli il ruolo' and support modals, update prompt.
 * Renders from the stored session only, so it works offline.
 */
import { Outlet, useRouterState } from '@tanstack/react-router'
import { UpdatePrompt } from '../../pwa/UpdatePrompt'
import { Breadcrumb } from '../breadcrumb/Breadcrumb'
import { LoaderOverlay } from '../feedback/LoaderOverlay'
import { ToastRegion } from '../feedback/ToastRegion'
import { Footer } from '../footer/Footer'
import { Header } from '../header/Header'
import { ProfileModal } from '../profile/ProfileModal'
import { SupportModal } from '../support/SupportModal'
import { isAssistancePage } from './chrome'
import { SkipLinks } from './SkipLinks'
import { useShellModel } from './useShellModel'

export function AppShell() {
  const model = useShellModel()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const hasNav = !isAssistancePage(pathname) && (model.mainMenu.length > 0 || model.managementMenu.length > 0)
  return (
    <div className="pd-app d-flex flex-column min-vh-100">
      <SkipLinks withNavigation={hasNav} />
      <Header />
      <Breadcrumb />
      <main id="main-content" tabIndex={-1} className="flex-grow-1 pd-main">
        <Outlet />
      </main>
      <Footer />
      <ToastRegion />
      <LoaderOverlay />
      {model.loggedIn && <ProfileModal forced={model.needsProfileChoice} />}
      <SupportModal />
      <UpdatePrompt />
    </div>
  )
}
