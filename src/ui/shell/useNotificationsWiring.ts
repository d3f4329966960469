/**
 * Starts the notification wiring (live unread count, side panel; issue 12 point 7) while a user who may
 * see notifications (`list.ntf.nr`) is logged in, the way useFieldSession.ts starts the offline wiring:
 * the entry (src/main.tsx) registers how to load it ({@link registerNotificationsWiring}) so the shell
 * never imports features/, and the shell hands it its registries ({@link NotificationsHooks}).
 */
import { useEffect } from 'react'
import { registerShellSlot } from './ShellSlot'
import {
  closeNotificationsPanel, resetNotificationsShell, setNotificationsPanelAvailable, setUnreadNotifications,
} from '../stores/notifications'

/** The shell's registries the notification wiring plugs into. */
export interface NotificationsHooks {
  registerShellSlot: typeof registerShellSlot
  setUnreadNotifications: typeof setUnreadNotifications
  setNotificationsPanelAvailable: typeof setNotificationsPanelAvailable
  closeNotificationsPanel: typeof closeNotificationsPanel
}

const hooks: NotificationsHooks = { registerShellSlot, setUnreadNotifications, setNotificationsPanelAvailable, closeNotificationsPanel }

/** Loads the wiring and resolves its start function (called with the user id; returns its stop function). */
export type NotificationsWiringLoader = () => Promise<(hooks: NotificationsHooks, userId: number) => () => void>

let loadWiring: NotificationsWiringLoader | null = null

/** Sets (or clears, with null) how the shell loads the notification wiring. */
export function registerNotificationsWiring(loader: NotificationsWiringLoader | null): void {
  loadWiring = loader
}

/** Runs the wiring while `userId` is set (logged in with `list.ntf.nr`); stops it otherwise. */
export function useNotificationsWiring(userId: number | null): void {
  useEffect(() => {
    const load = loadWiring
    if (userId === null || !load) return
    let cancelled = false
    let stop: (() => void) | null = null
    load()
      .then((start) => {
        if (!cancelled) stop = start(hooks, userId)
      })
      .catch((error: unknown) => console.warn('Avvio delle notifiche non riuscito', error))
    return () => {
      cancelled = true
      stop?.()
      stop = null
      resetNotificationsShell()
    }
  }, [userId])
}
