/**
 * Slim top bar (spec 000 §2.4): status slot, help, management dropdown (desktop), chat, notifications,
 * user dropdown; 'Accedi' when logged out. 'Esci' goes through `requestLogout` (the unsent-operations
 * warning of the offline wiring, when registered).
 */
import { Link } from '@tanstack/react-router'
import { requestLogout } from '../../auth/logout'
import { openNotificationsPanel, useNotificationsShell } from '../stores/notifications'
import { openChat, useChat } from '../stores/chat'
import { openShellModal } from '../stores/modals'
import { Avatar } from '../profile/Avatar'
import type { ShellModel } from '../shell/useShellModel'
import { formatBadgeCount } from './badge'
import { DisclosureMenu, type DisclosureEntry } from './DisclosureMenu'
import { HeaderStatusSlot } from './HeaderStatusSlot'
import { ShellIcon } from '../ShellIcon'

function CounterBadge({ count }: { count: number }) {
  const text = formatBadgeCount(count)
  if (!text) return null
  return (
    <span className="badge rounded-pill bg-danger pd-counter-badge" aria-hidden="true">
      {text}
    </span>
  )
}

function countLabel(base: string, count: number, unit: string): string {
  const text = formatBadgeCount(count)
  return text ? `${base}, ${text} ${unit}` : base
}

/**
 * The bell (issue 12 point 7): the live unread count of the notification wiring; it opens the side panel
 * 'Notifiche non lette' when the wiring registered one, else it links to /notifiche.
 */
function NotificationsBell() {
  const n = useNotificationsShell()
  const label = countLabel('Notifiche', n.unread, 'non lette')
  const icon = (
    <>
      <ShellIcon icon="it-horn" color="light" aria-hidden />
      <CounterBadge count={n.unread} />
    </>
  )
  if (!n.panelAvailable) {
    return (
      <Link to="/notifiche" className="btn btn-link pd-slim-icon position-relative" aria-label={label} title="Notifiche" data-testid="notifications-button">
        {icon}
      </Link>
    )
  }
  return (
    <button
      type="button"
      className="btn btn-link pd-slim-icon position-relative"
      aria-label={label}
      title="Notifiche"
      aria-haspopup="dialog"
      aria-expanded={n.panelOpen}
      data-testid="notifications-button"
      onClick={(e) => openNotificationsPanel(e.currentTarget)}
    >
      {icon}
    </button>
  )
}

export function HeaderSlim({ model }: { model: ShellModel }) {
  const chat = useChat()
  const userEntries: DisclosureEntry[] = model.userMenu.map((e) => ({
    id: e.id,
    label: e.label,
    to: e.action === 'link' ? e.to : undefined,
    onSelect:
      e.action === 'change-role' ? () => openShellModal('profile') : e.action === 'logout' ? () => void requestLogout() : undefined,
  }))

  return (
    <div className="it-header-slim-wrapper">
      <div className="container-xxl">
        <div className="row">
          <div className="col-12">
            <div className="it-header-slim-wrapper-content">
              <a className="d-none d-lg-block navbar-brand" href="https://innovazione.gov.it" target="_blank" rel="noreferrer">
                Dipartimento per la trasformazione digitale
                <span className="visually-hidden"> (si apre in una nuova scheda)</span>
              </a>
              <div className="it-header-slim-right-zone pd-slim-right" data-testid="header-slim-right">
                <HeaderStatusSlot />
                <button
                  type="button"
                  className="btn btn-link pd-slim-icon"
                  aria-label="Assistenza"
                  title="Assistenza"
                  onClick={() => openShellModal('support')}
                >
                  <ShellIcon icon="it-help-circle" color="light" aria-hidden />
                </button>
                {model.loggedIn && model.managementMenu.length > 0 && (
                  <div className="d-none d-lg-flex">
                    <DisclosureMenu
                      variant="slim"
                      button={<span>Area gestionale</span>}
                      entries={model.managementMenu.map((e) => ({ id: e.id, label: e.label, to: e.to }))}
                      buttonClassName="text-white"
                      testId="management-dropdown"
                    />
                  </div>
                )}
                {model.loggedIn && model.canChat && chat.url && (
                  <button
                    type="button"
                    className="btn btn-link pd-slim-icon position-relative"
                    aria-label={countLabel('Chat', chat.unread, 'messaggi non letti')}
                    title="Chat"
                    data-testid="chat-button"
                    aria-haspopup="dialog"
                    onClick={openChat}
                  >
                    <ShellIcon icon="it-comment" color="light" aria-hidden />
                    <CounterBadge count={chat.unread} />
                  </button>
                )}
                {model.loggedIn && model.canNotifications && <NotificationsBell />}
                {model.loggedIn ? (
                  <DisclosureMenu
                    variant="slim"
                    end
                    button={
                      <span className="d-inline-flex align-items-center gap-2">
                        {/* the accessible name starts with the visible text's purpose (WCAG 2.5.3) */}
                        <span className="visually-hidden">Menu utente di</span>{' '}
                        <Avatar nome={model.nome} cognome={model.cognome} immagine={model.immagineProfilo} size="small"
                          className="size-sm bg-white text-primary" sized={false} />
                        {/* name and role: visible from lg, read by screen readers at every width */}
                        <span className="pd-user-name text-start lh-sm">
                          <span className="d-block">{`${model.nome} ${model.cognome}`}</span>{' '}
                          {model.ruolo && <small className="d-block fw-normal">{model.ruolo}</small>}
                        </span>
                      </span>
                    }
                    entries={userEntries}
                    buttonClassName="text-white"
                    testId="user-dropdown"
                  />
                ) : (
                  <Link to="/auth" className="btn btn-primary btn-icon btn-full" data-testid="login-button">
                    <span className="rounded-icon">
                      <ShellIcon icon="it-user" color="primary" aria-hidden />
                    </span>
                    <span>Accedi</span>
                  </Link>
                )}
              </div>
            </div>
          </div>
        </div>
      </div>
    </div>
  )
}
