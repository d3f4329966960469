/**
 * State of the sync alerts rendered in the shell slots: the 'session expired' alert (offline event
 * 'auth-required') and the logout warning with unsent operations (a pending question answered by the
 * modal). Plain module state in the store of src/lib/store.ts.
 */
import { createStore, useStore } from '../../lib/store'

/** The logout warning being shown: how many operations are unsent. */
export interface LogoutQuestion {
  count: number
}

interface State {
  authRequired: boolean
  logout: LogoutQuestion | null
}

const store = createStore<State>({ authRequired: false, logout: null })
let answer: ((proceed: boolean) => void) | null = null

function set(next: Partial<State>): void {
  store.update((state) => ({ ...state, ...next }))
}

/** React hook: `{ authRequired, logout }`. */
export function useSyncAlerts(): State {
  return useStore(store)
}

/** Current state without React (tests). */
export function getSyncAlerts(): State {
  return store.get()
}

/** Shows or hides the 'La sessione è scaduta' alert. */
export function setAuthRequired(on: boolean): void {
  if (store.get().authRequired !== on) set({ authRequired: on })
}

/**
 * Opens the logout warning for `count` unsent operations and resolves with the user's answer:
 * true = 'Esci comunque', false = 'Annulla' (or closed). A second question cancels the first.
 */
export function askLogoutConfirmation(count: number): Promise<boolean> {
  answer?.(false)
  return new Promise<boolean>((resolve) => {
    answer = resolve
    set({ logout: { count } })
  })
}

/** Answers the open logout warning and closes it. */
export function answerLogout(proceed: boolean): void {
  const a = answer
  answer = null
  set({ logout: null })
  a?.(proceed)
}

/** Updates the count of the open warning (e.g. after 'Sincronizza ora' sent some). */
export function updateLogoutCount(count: number): void {
  const { logout } = store.get()
  if (logout && logout.count !== count) set({ logout: { count } })
}

/** Clears everything (wiring stopped, tests); an open logout question is answered 'Annulla'. */
export function resetSyncAlerts(): void {
  const a = answer
  answer = null
  store.set({ authRequired: false, logout: null })
  a?.(false)
}
