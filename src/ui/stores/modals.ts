/**
 * Which shell modal is open: 'profile' ('Scegli il ruolo') or 'support' (assistance), at most one.
 * Any module may open them (e.g. the user menu's 'Cambia ruolo').
 */
import { useSyncExternalStore } from 'react'

export type ShellModal = 'profile' | 'support'

let open: ShellModal | null = null
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

export function openShellModal(m: ShellModal): void {
  open = m
  emit()
}

export function closeShellModal(): void {
  open = null
  emit()
}

export function getOpenShellModal(): ShellModal | null {
  return open
}

export function useOpenShellModal(): ShellModal | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    getOpenShellModal,
    getOpenShellModal,
  )
}
