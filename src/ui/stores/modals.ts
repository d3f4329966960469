/**
 * Which shell modal is open: 'profile' ('Scegli il ruolo') or 'support' (assistance), at most one.
 * Any module may open them (e.g. the user menu's 'Cambia ruolo').
 */
import { createStore, useStore } from '../../lib/store'

export type ShellModal = 'profile' | 'support'

const store = createStore<ShellModal | null>(null)

export function openShellModal(m: ShellModal): void {
  store.set(m)
}

export function closeShellModal(): void {
  store.set(null)
}

export function getOpenShellModal(): ShellModal | null {
  return store.get()
}

export function useOpenShellModal(): ShellModal | null {
  return useStore(store)
}
