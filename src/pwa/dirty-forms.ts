/**
 * Registry of forms with unsaved changes (ARCHITECTURE.md "The service worker": never reload for an
 * update while a form is dirty). Forms mark themselves by a stable id; the update prompt stays hidden
 * while any form is dirty. Plain module state + `useSyncExternalStore`, no provider needed.
 */
import { useEffect, useSyncExternalStore } from 'react'

const dirty = new Set<string>()
const listeners = new Set<() => void>()

/** Marks the form `id` as dirty (unsaved changes) or clean. Idempotent; notifies subscribers on change. */
export function markFormDirty(id: string, isDirty: boolean): void {
  const had = dirty.has(id)
  if (isDirty === had) return
  if (isDirty) dirty.add(id)
  else dirty.delete(id)
  listeners.forEach((l) => l())
}

/** True when at least one form currently holds unsaved changes. */
export function isAnyFormDirty(): boolean {
  return dirty.size > 0
}

/** Subscribes to changes of the dirty set; returns the unsubscribe function. */
export function subscribeDirtyForms(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** React hook: re-renders when the answer to "is any form dirty?" changes. */
export function useAnyFormDirty(): boolean {
  return useSyncExternalStore(subscribeDirtyForms, isAnyFormDirty, isAnyFormDirty)
}

/**
 * React hook for a form component: keeps the registry in line with `isDirty` and clears the mark
 * when the component unmounts (a form left without saving does not block updates forever).
 */
export function useDirtyForm(id: string, isDirty: boolean): void {
  useEffect(() => {
    markFormDirty(id, isDirty)
  }, [id, isDirty])
  useEffect(() => () => markFormDirty(id, false), [id])
}

/** Test helper: forgets every mark. */
export function resetDirtyForms(): void {
  if (dirty.size === 0) return
  dirty.clear()
  listeners.forEach((l) => l())
}
