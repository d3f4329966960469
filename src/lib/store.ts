/**
 * The one small observable store of the client (issue 26 point 10): module state with subscribers, read by
 * React through `useSyncExternalStore`. Every shell, offline, session and feature store is built on it
 * instead of its own `listeners = new Set()`.
 * - `get()` the value; `set(next)` / `update(fn)` replace it and notify every subscriber (always: a store
 *   that notifies only on change checks before calling them); `emit()` notifies without a value change
 *   (state kept beside the store, read by the store's own getters); `reset(value)` replaces the value
 *   WITHOUT notifying (test hooks restoring a start state, as the hand-written stores did);
 * - `subscribe(listener)` returns the unsubscribe function; `size` is the number of subscribers;
 * - {@link useStore} is the React hook over `get`/`subscribe` (or over a getter of its own).
 * Listeners run synchronously in subscription order; one added while notifying is called in the same round.
 */
import { useSyncExternalStore } from 'react'

export interface Store<T> {
  get: () => T
  set: (next: T) => void
  update: (fn: (previous: T) => T) => void
  emit: () => void
  reset: (value: T) => void
  subscribe: (listener: () => void) => () => void
  readonly size: number
}

/** A store holding `initial` (use `createStore(null)` for a pure change signal). */
export function createStore<T>(initial: T): Store<T> {
  let value = initial
  const listeners = new Set<() => void>()
  const emit = () => listeners.forEach((l) => l())
  return {
    get: () => value,
    set: (next) => {
      value = next
      emit()
    },
    update: (fn) => {
      value = fn(value)
      emit()
    },
    emit,
    reset: (next) => {
      value = next
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    get size() {
      return listeners.size
    },
  }
}

/**
 * React hook: the store's value (or `read()`, for a store whose state lives beside it), re-rendering on
 * every notification whose read differs. `serverRead` is the value during server rendering (default `read`).
 */
export function useStore<T, R = T>(store: Pick<Store<T>, 'subscribe' | 'get'>, read?: () => R, serverRead?: () => R): R {
  const get = (read ?? store.get) as () => R
  return useSyncExternalStore(store.subscribe, get, serverRead ?? get)
}
