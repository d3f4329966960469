/**
 * Side panel 'Notifiche non lette' (spec 001 §2; issue 12 point 7), opened by the header bell: the unread
 * notifications (page 0, newest first), or 'Non ci sono notifiche'; each opens its target and becomes read;
 * 'Vai alle notifiche' leads to /notifiche. A modal dialog 30rem wide (full width on phones): focus
 * trapped inside, Esc or 'Chiudi' closes it and the focus returns to the bell.
 */
import { useEffect, useRef } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { QueryProvider } from '../../api/query'
import { useNavigate } from '@tanstack/react-router'
import { Icon } from 'design-react-kit'
import { trapFocus } from '../../ui/shell/focus-trap'
import { closeNotificationsPanel, setUnreadNotifications, takeFocusReturn, useNotificationsShell } from '../../ui/stores/notifications'
import { markRead, notificationsQuery, notificheKeys } from './api'
import { NotificationsLoadState, NotificationText } from './NotificationText'
import './notifiche.css'

export const PANEL_TITLE = 'Notifiche non lette'

/** The panel as the shell's overlay slot renders it (outside the pages' query provider: it brings its own). */
export function NotificationsPanel() {
  const { panelOpen } = useNotificationsShell()
  return panelOpen ? <QueryProvider><OpenPanel /></QueryProvider> : null
}

function OpenPanel() {
  const ref = useRef<HTMLDivElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  const navigate = useNavigate()
  const client = useQueryClient()
  const { data, isPending, isError, refetch } = useQuery({ ...notificationsQuery({ status: 0, sort: 'created_desc', page: 0 }), staleTime: 0 })

  useEffect(() => {
    if (data) setUnreadNotifications(data.unread)
  }, [data])

  useEffect(() => {
    const el = ref.current
    if (!el) return
    const release = trapFocus(el)
    closeRef.current?.focus()
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault()
        closeNotificationsPanel()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      release()
      takeFocusReturn()?.focus()
    }
  }, [])

  const open = async (id: number, action: string) => {
    closeNotificationsPanel(false)
    try {
      await markRead([id]) // the write refreshes the notifications
    } catch (e) {
      void client.invalidateQueries({ queryKey: notificheKeys.all })
      throw e
    }
    void navigate({ to: action })
  }

  return (
    <div ref={ref} className="pd-ntf-layer">
      <div className="pd-ntf-backdrop" aria-hidden="true" onClick={() => closeNotificationsPanel()} />
      <div className="pd-ntf-panel shadow" role="dialog" aria-modal="true" aria-labelledby="pd-ntf-title" data-testid="notifications-panel">
        <div className="d-flex align-items-center justify-content-between border-bottom p-3">
          <h2 id="pd-ntf-title" className="h4 mb-0">{PANEL_TITLE}</h2>
          <button ref={closeRef} type="button" className="btn btn-link p-1" aria-label="Chiudi il pannello delle notifiche" onClick={() => closeNotificationsPanel()}>
            <Icon icon="it-close" aria-hidden />
          </button>
        </div>
        <div className="p-3 flex-grow-1 overflow-auto">
          <NotificationsLoadState isPending={isPending} isError={isError} empty={Boolean(data) && (data?.items.length ?? 0) === 0} retry={() => void refetch()} />
          {data && data.items.length > 0 && (
            <ul className="list-unstyled mb-0">
              {data.items.map((n) => (
                <li key={n.id} className="border-bottom py-2">
                  <a href={n.action} className="text-decoration-none d-block" onClick={(e) => { e.preventDefault(); void open(n.id, n.action) }}>
                    <NotificationText n={n} />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="border-top p-3">
          <a href="/notifiche" className="btn btn-primary w-100" onClick={(e) => { e.preventDefault(); closeNotificationsPanel(false); void navigate({ to: '/notifiche' }) }}>
            Vai alle notifiche
          </a>
        </div>
      </div>
    </div>
  )
}
