/**
 * State of a waiting service-worker update (prompt-to-update, offline-field-systems.md §4).
 * `register.ts` publishes a `WaitingUpdate` when a new version is installed and waiting;
 * `UpdatePrompt.tsx` shows the prompt and calls `applyUpdate()` on 'Aggiorna'.
 * An update is never applied while a form is dirty (`dirty-forms.ts`).
 */
import { useSyncExternalStore } from 'react'
import { isAnyFormDirty } from './dirty-forms'

/** A new version ready to take over. `activate()` asks it to skip waiting and reloads once it controls the page. */
export interface WaitingUpdate {
  activate(): void
}

let waiting: WaitingUpdate | null = null
let applying = false
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

/** Publishes (or clears, with null) the waiting update. */
export function setWaitingUpdate(update: WaitingUpdate | null): void {
  if (update === waiting) return
  waiting = update
  if (!update) applying = false
  emit()
}

/** True when a new version is waiting and has not been applied yet. */
export function isUpdateAvailable(): boolean {
  return waiting !== null && !applying
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** React hook: whether the update prompt has something to offer. */
export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(subscribe, isUpdateAvailable, isUpdateAvailable)
}

/**
 * Applies the waiting update. Returns false (and does nothing) when there is none, when it is
 * already being applied, or when a form is dirty.
 */
export function applyUpdate(): boolean {
  if (!waiting || applying || isAnyFormDirty()) return false
  applying = true
  emit()
  waiting.activate()
  return true
}
