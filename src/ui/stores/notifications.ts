/**
 * Shell state of the notifications (issue 12 point 7), written by the lazily loaded notification wiring
 * (src/features/notifiche/wiring.ts, through the hooks the shell hands it) and read by the header bell:
 * the unread count, whether a side panel is available, and whether it is open. The shell never imports
 * the feature: without the wiring the bell is a plain link to /notifiche and the count stays 0.
 */
import { createStore, useStore } from '../../lib/store'

export interface NotificationsShellState {
  unread: number
  /** a panel component is registered (the bell opens it instead of navigating) */
  panelAvailable: boolean
  panelOpen: boolean
}

const store = createStore<NotificationsShellState>({ unread: 0, panelAvailable: false, panelOpen: false })
let opener: HTMLElement | null = null

function set(patch: Partial<NotificationsShellState>): void {
  const state = store.get()
  const next = { ...state, ...patch }
  if (next.unread === state.unread && next.panelAvailable === state.panelAvailable && next.panelOpen === state.panelOpen) return
  store.set(next)
}

/** Sets the unread count shown by the bell (negative values count as 0). */
export function setUnreadNotifications(count: number): void {
  set({ unread: Math.max(0, Math.floor(count)) })
}

/** Declares whether a side panel is registered; false also closes it. */
export function setNotificationsPanelAvailable(available: boolean): void {
  set(available ? { panelAvailable: true } : { panelAvailable: false, panelOpen: false })
}

/** Opens the panel; `from` gets the focus back when it closes. */
export function openNotificationsPanel(from: HTMLElement | null): void {
  opener = from
  set({ panelOpen: true })
}

let focusBack: HTMLElement | null = null

/**
 * Closes the panel; unless `restoreFocus` is false, the element that opened it gets the focus back once
 * the panel has released its focus trap ({@link takeFocusReturn}, called by the panel as it unmounts).
 */
export function closeNotificationsPanel(restoreFocus = true): void {
  focusBack = restoreFocus ? opener : null
  opener = null
  set({ panelOpen: false })
}

/** The element to focus after the panel closed (once), or null. */
export function takeFocusReturn(): HTMLElement | null {
  const el = focusBack
  focusBack = null
  return el?.isConnected ? el : null
}

/** The current state, outside React. */
export function notificationsShellState(): NotificationsShellState {
  return store.get()
}

/** The current state (React hook). */
export function useNotificationsShell(): NotificationsShellState {
  return useStore(store)
}

/** Resets the state (logout, tests). */
export function resetNotificationsShell(): void {
  opener = null
  focusBack = null
  set({ unread: 0, panelAvailable: false, panelOpen: false })
}
