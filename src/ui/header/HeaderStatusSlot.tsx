/**
 * Area of the slim header where status widgets plug in (connectivity / sync indicator of the PWA and
 * offline modules). A module calls `registerHeaderStatus('sync', SyncIndicator)` once; the header
 * renders every registered component, in registration order, without importing them.
 */
import { type ComponentType, useSyncExternalStore } from 'react'

let widgets: ReadonlyArray<readonly [string, ComponentType]> = []
const listeners = new Set<() => void>()

/** Adds (or replaces, by id) a widget; returns a function that removes it. */
export function registerHeaderStatus(id: string, component: ComponentType): () => void {
  widgets = [...widgets.filter(([k]) => k !== id), [id, component] as const]
  listeners.forEach((l) => l())
  return () => {
    widgets = widgets.filter(([k]) => k !== id)
    listeners.forEach((l) => l())
  }
}

const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => {
    listeners.delete(l)
  }
}
const get = () => widgets

export function HeaderStatusSlot() {
  const list = useSyncExternalStore(subscribe, get, get)
  if (list.length === 0) return null
  return (
    <div className="pd-header-status d-flex align-items-center gap-2" data-testid="header-status-slot">
      {list.map(([id, Widget]) => (
        <Widget key={id} />
      ))}
    </div>
  )
}
