/**
 * Registry of forms with unsaved changes (ARCHITECTURE.md "The service worker": never reload for an
 * update while a form is dirty). Forms mark themselves by a stable id; the update prompt stays hidden
 * while any form is dirty. Plain module state + the store of src/lib/store.ts, no provider needed.
 */
import { useEffect } from 'react'
import { createStore, useStore } from '../lib/store'

const dirty = new Set<string>()
const changes = createStore(null)

/** Marks the form `id` as dirty (unsaved changes) or clean. Idempotent; notifies subscribers on change. */
export function markFormDirty(id: string, isDirty: boolean): void {
  const had = dirty.has(id)
  if (isDirty === had) return
  if (isDirty) dirty.add(id)
  else dirty.delete(id)
  changes.emit()
}

/** True when at least one form currently holds unsaved changes. */
export function isAnyFormDirty(): boolean {
  return dirty.size > 0
}

/** Subscribes to changes of the dirty set; returns the unsubscribe function. */
export const subscribeDirtyForms: (listener: () => void) => () => void = changes.subscribe

/** React hook: re-renders when the answer to "is any form dirty?" changes. */
export function useAnyFormDirty(): boolean {
  return useStore(changes, isAnyFormDirty)
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
  changes.emit()
}
