/**
 * Places of the shell where lazily loaded modules plug in components without the shell importing them:
 * - 'header-status': status widgets of the slim header (src/ui/header/HeaderStatusSlot.tsx);
 * - 'before-main': persistent page-wide alerts between the breadcrumb and the content (e.g. 'La sessione è
 *   scaduta…' of the offline wiring);
 * - 'overlay': modals and other fixed layers rendered at the end of the page (e.g. the logout warning).
 * `registerShellSlot(slot, id, Component)` adds or replaces a component by id and returns its remover.
 */
import type { ComponentType } from 'react'
import { createStore, useStore } from '../../lib/store'

export type ShellSlotName = 'header-status' | 'before-main' | 'overlay'

type Entry = readonly [id: string, slot: ShellSlotName, component: ComponentType]

const store = createStore<readonly Entry[]>([])

/** Adds (or replaces, by id) a component in a slot; returns a function that removes it. */
export function registerShellSlot(slot: ShellSlotName, id: string, component: ComponentType): () => void {
  const entry = [id, slot, component] as const
  store.update((entries) => [...entries.filter(([k, s]) => k !== id || s !== slot), entry])
  return () => {
    if (!store.get().includes(entry)) return
    store.update((entries) => entries.filter((e) => e !== entry))
  }
}

/** The components registered in `name`, in registration order (React hook). */
export function useShellSlot(name: ShellSlotName): [string, ComponentType][] {
  return useStore(store)
    .filter(([, s]) => s === name)
    .map(([id, , c]) => [id, c])
}

/** Renders the components registered in `name` (nothing when empty). */
export function ShellSlot({ name }: { name: ShellSlotName }) {
  return useShellSlot(name).map(([id, Component]) => <Component key={id} />)
}
