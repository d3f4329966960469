/**
 * State of a waiting service-worker update (prompt-to-update, offline-field-systems.md §4).
 * `register.ts` publishes a `WaitingUpdate` when a new version is installed and waiting;
 * `UpdatePrompt.tsx` shows the prompt and calls `requestUpdate()` on 'Aggiorna'.
 * An update (a reload) never happens while a form is dirty (`dirty-forms.ts`) nor while a blocker is
 * set (`setUpdateBlocked`: the offline wiring blocks while the outbox is sending). 'Aggiorna' pressed
 * while blocked is remembered ('deferred') and applied as soon as nothing blocks and no form is dirty.
 */
import { createStore, useStore } from '../lib/store'
import { isAnyFormDirty, subscribeDirtyForms } from './dirty-forms'

/** A new version ready to take over. `activate()` asks it to skip waiting and reloads once it controls the page. */
export interface WaitingUpdate {
  activate(): void
}

/** What the prompt shows: nothing, the offer, or "accepted, waiting for the outbox to finish". */
export type UpdateState = 'none' | 'available' | 'deferred'

let waiting: WaitingUpdate | null = null
let applying = false
let deferred = false
const blockers = new Set<string>()
const changes = createStore(null)
const emit = changes.emit

/** Publishes (or clears, with null) the waiting update. */
export function setWaitingUpdate(update: WaitingUpdate | null): void {
  if (update === waiting) return
  waiting = update
  applying = deferred = false
  emit()
}

/** True when a new version is waiting and has not been applied yet. */
export function isUpdateAvailable(): boolean {
  return waiting !== null && !applying
}

/** True while something (e.g. the outbox sending, id 'outbox') forbids the reload of an update. */
export function isUpdateBlocked(): boolean {
  return blockers.size > 0
}

/** Sets or clears the blocker `id`; clearing the last one applies an update the user already accepted. */
export function setUpdateBlocked(id: string, blocked: boolean): void {
  if (blocked) blockers.add(id)
  else blockers.delete(id)
  emit()
  applyDeferred()
}

function applyDeferred(): void {
  if (deferred) applyUpdate()
}
// a form saved while an accepted update waits for it: apply now
subscribeDirtyForms(applyDeferred)

/** Current state of the prompt. */
export function getUpdateState(): UpdateState {
  return !isUpdateAvailable() ? 'none' : deferred ? 'deferred' : 'available'
}

/** React hook: whether the update prompt has something to offer. */
export function useUpdateAvailable(): boolean {
  return useStore(changes, isUpdateAvailable)
}

/** React hook: 'none' | 'available' | 'deferred'. */
export function useUpdateState(): UpdateState {
  return useStore(changes, getUpdateState)
}

/**
 * Applies the waiting update now. Returns false (and does nothing) when there is none, when it is
 * already being applied, when a form is dirty or when a blocker is set.
 */
export function applyUpdate(): boolean {
  if (!waiting || applying || isAnyFormDirty() || isUpdateBlocked()) return false
  applying = true
  deferred = false
  emit()
  waiting.activate()
  return true
}

/**
 * 'Aggiorna': applies the update now or, while a blocker is set, remembers the request and applies it
 * when the last blocker clears. Returns 'applied', 'deferred', or false when there is nothing to apply
 * (no update, already applying, or a form is dirty).
 */
export function requestUpdate(): 'applied' | 'deferred' | false {
  if (!waiting || applying || isAnyFormDirty()) return false
  if (applyUpdate()) return 'applied'
  deferred = true
  emit()
  return 'deferred'
}

/** Test helper: no blocker, nothing deferred. */
export function resetUpdateGateForTests(): void {
  blockers.clear()
  deferred = false
  emit()
}
