/**
 * The notification wiring, started by the shell while a user with `list.ntf.nr` is logged in
 * (src/ui/shell/useNotificationsWiring.ts): the live unread count into the bell, the side panel
 * 'Notifiche non lette' in the shell's overlay slot, and a refresh of the loaded lists when a
 * notification arrives.
 */
import { queryClient } from '../../api/query'
import type { NotificationsHooks } from '../../ui/shell/useNotificationsWiring'
import { startLiveCount } from './live'
import { notificheKeys } from './api'
import { NotificationsPanel } from './NotificationsPanel'

/** Starts the wiring for `userId`; returns the stop function. */
export function startNotificationsWiring(hooks: NotificationsHooks, _userId: number): () => void {
  const removePanel = hooks.registerShellSlot('overlay', 'notifiche-panel', NotificationsPanel)
  hooks.setNotificationsPanelAvailable(true)
  const stopLive = startLiveCount({
    onCount: (n) => hooks.setUnreadNotifications(n),
    onNew: () => void queryClient.invalidateQueries({ queryKey: notificheKeys.all }),
  })
  return () => {
    stopLive()
    hooks.closeNotificationsPanel(false)
    hooks.setNotificationsPanelAvailable(false)
    removePanel()
  }
}
