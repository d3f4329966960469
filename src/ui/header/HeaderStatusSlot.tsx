/**
 * Area of the slim header where status widgets plug in (connectivity / sync indicator of the PWA and
 * offline modules). A module calls `registerHeaderStatus('sync', SyncIndicator)` once; the header
 * renders every registered component, in registration order, without importing them
 * (the shell slot 'header-status', src/ui/shell/ShellSlot.tsx).
 */
import type { ComponentType } from 'react'
import { registerShellSlot, useShellSlot } from '../shell/ShellSlot'

/** Adds (or replaces, by id) a widget; returns a function that removes it. */
export function registerHeaderStatus(id: string, component: ComponentType): () => void {
  return registerShellSlot('header-status', id, component)
}

export function HeaderStatusSlot() {
  const list = useShellSlot('header-status')
  if (list.length === 0) return null
  return (
    <div className="pd-header-status d-flex align-items-center gap-2" data-testid="header-status-slot">
      {list.map(([id, Widget]) => (
        <Widget key={id} />
      ))}
    </div>
  )
}
