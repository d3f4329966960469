/**
 * Page furniture around every route (spec 000 §1, §2.4–2.7): skip links, header, breadcrumb, main
 * content, footer, toasts, loader overlay, 'Scegli il ruolo' and support modals, update prompt; on every
 * page, bare ones included, the test-environment banner when the server asks for it.
 * Renders from the stored session only, so it works offline. While a user is logged in it starts the
 * offline wiring (lazily loaded: `useFieldSession`), whose alerts and modals plug into the shell slots.
 * As the root route's component it also keeps the document title on the route's (`useDocumentTitle`) and
 * moves focus to the new page's h1 after each navigation (`useRouteFocus`), and marks the document as
 * started (`useAppStarted`).
 */
import { Outlet, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { UpdatePrompt } from '../../pwa/UpdatePrompt'
import { Breadcrumb } from '../breadcrumb/Breadcrumb'
import { LoaderOverlay } from '../feedback/LoaderOverlay'
import { ToastRegion } from '../feedback/ToastRegion'
import { Footer } from '../footer/Footer'
import { Header } from '../header/Header'
import { ProfileEndedNotice } from '../profile/ProfileEndedNotice'
import { useOpenShellModal } from '../stores/modals'
import { isAssistancePage, isBarePage } from './chrome'
import { useAppStarted } from './app-started'
import { DevProviderBanner } from './DevProviderBanner'
import { useDocumentTitle } from './page-title'
import { ROUTE_ANNOUNCER_ID, useRouteFocus } from './route-focus'
import { ShellSlot } from './ShellSlot'
import { SkipLinks } from './SkipLinks'
import { useFieldSession } from './useFieldSession'
import { useSession } from '../../auth/session'
import { useNotificationsWiring } from './useNotificationsWiring'
import { useShellModel } from './useShellModel'

// The modals (and design-react-kit's Modal with reactstrap) load only when first opened, keeping
// them out of the landing page's JavaScript; the chunks are precached, so they open offline too.
const ProfileModal = lazy(() => import('../profile/ProfileModal').then((m) => ({ default: m.ProfileModal })))
const SupportModal = lazy(() => import('../support/SupportModal').then((m) => ({ default: m.SupportModal })))

export function AppShell() {
  const model = useShellModel()
  const openModal = useOpenShellModal()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  useFieldSession(model.loggedIn)
  const session = useSession()
  // not while the tokens are refused as expired: the stream's ticket would be asked with them (and its 401
  // could race a new login's tokens)
  useNotificationsWiring(model.loggedIn && model.canNotifications && !session.sessionExpired ? (session.user?.id ?? null) : null)
  useDocumentTitle()
  useRouteFocus()
  useAppStarted()
  const announcer = <div id={ROUTE_ANNOUNCER_ID} className="visually-hidden" aria-live="polite" aria-atomic="true" />
  if (isBarePage(pathname)) {
    return (
      <div className="pd-app pd-bare">
        <DevProviderBanner />
        <main id="main-content" tabIndex={-1}>
          <Outlet />
        </main>
        <ToastRegion />
        <LoaderOverlay />
        <ShellSlot name="overlay" />
        <UpdatePrompt />
        {announcer}
      </div>
    )
  }
  const hasNav = !isAssistancePage(pathname) && (model.mainMenu.length > 0 || model.managementMenu.length > 0)
  return (
    <div className="pd-app d-flex flex-column min-vh-100">
      <SkipLinks withNavigation={hasNav} />
      <DevProviderBanner />
      <Header />
      <Breadcrumb />
      <ProfileEndedNotice />
      <ShellSlot name="before-main" />
      <main id="main-content" tabIndex={-1} className="flex-grow-1 pd-main">
        <Outlet />
      </main>
      <Footer />
      <ToastRegion />
      <LoaderOverlay />
      <Suspense fallback={null}>
        {model.loggedIn && (model.needsProfileChoice || openModal === 'profile') && <ProfileModal forced={model.needsProfileChoice} />}
        {openModal === 'support' && <SupportModal />}
      </Suspense>
      <ShellSlot name="overlay" />
      <UpdatePrompt />
      {announcer}
    </div>
  )
}
