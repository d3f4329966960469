/**
 * The page's side of the service worker's offline sets (delivery issue 7, item 3; protocol in
 * sw/messages.ts, worker side in sw/offline-sets.ts): asks the active worker to fetch a set into the cache
 * (`requestOfflineSet`) and keeps, per set, the last progress the worker reported, for the sync centre
 * ('Download in corso (n di m)' / 'Pronto per lavorare offline'). A set asked for is asked again when a new
 * worker takes control (an update accepted here or in another tab). Plain module state + the store of
 * src/lib/store.ts; without a service worker (development server, old browsers) every set is
 * 'unsupported'.
 */
import { useEffect } from 'react'
import { createStore, useStore } from '../lib/store'
import { parseSetProgress, type OfflineSetStatus } from '../../sw/messages'

/** What the page knows of a set: 'unknown' until the worker answered; 'unsupported' without a worker. */
export interface OfflineSetState {
  status: OfflineSetStatus | 'unknown' | 'unsupported'
  done: number
  total: number
  failed: number
}

/** The part of `navigator.serviceWorker` this module uses (replaceable in tests). */
export type WorkerContainer = Pick<ServiceWorkerContainer, 'ready' | 'addEventListener'> & { startMessages?: () => void }

const UNKNOWN: OfflineSetState = { status: 'unknown', done: 0, total: 0, failed: 0 }
const UNSUPPORTED: OfflineSetState = { status: 'unsupported', done: 0, total: 0, failed: 0 }

const states = new Map<string, OfflineSetState>()
const requested = new Set<string>()
const changes = createStore(null)
let listening: WorkerContainer | null = null

const defaultContainer = (): WorkerContainer | null =>
  import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : null
let getContainer: () => WorkerContainer | null = defaultContainer

function set(name: string, state: OfflineSetState): void {
  const prev = states.get(name)
  if (prev && prev.status === state.status && prev.done === state.done && prev.total === state.total && prev.failed === state.failed) return
  states.set(name, state)
  changes.emit()
}

/** Applies a message from the worker; true when it was a progress report of a set. */
export function applyOfflineSetMessage(data: unknown): boolean {
  const p = parseSetProgress(data)
  if (!p) return false
  set(p.set, { status: p.status, done: p.done, total: p.total, failed: p.failed })
  return true
}

function listen(container: WorkerContainer): void {
  if (listening === container) return
  listening = container
  container.addEventListener('message', (event) => {
    applyOfflineSetMessage((event as MessageEvent).data)
  })
  // a new worker took control (an update): it has its own list of files, ask it for the sets again
  container.addEventListener('controllerchange', () => {
    for (const name of requested) void post(name, 'PRECACHE_SET')
  })
  container.startMessages?.()
}

async function post(name: string, type: 'PRECACHE_SET' | 'OFFLINE_SET_STATUS'): Promise<void> {
  const container = getContainer()
  if (!container) {
    set(name, UNSUPPORTED)
    return
  }
  listen(container)
  try {
    const registration = await container.ready
    registration.active?.postMessage({ type, set: name })
  } catch {
    // no worker after all: the page keeps working online
  }
}

/**
 * Asks the worker to fetch the set `name` into the cache (only what it lacks) and to fetch it again in its
 * later versions. Shows 'downloading' until the worker reports, unless the set is already complete.
 */
export function requestOfflineSet(name: string): void {
  requested.add(name)
  const current = getOfflineSet(name)
  if (getContainer() && current.status !== 'ready' && current.status !== 'downloading') set(name, { ...current, status: 'downloading', failed: 0 })
  void post(name, 'PRECACHE_SET')
}

/** Asks the worker where the set `name` stands (the answer arrives as a progress message). */
export function refreshOfflineSet(name: string): void {
  void post(name, 'OFFLINE_SET_STATUS')
}

/** The last known state of the set `name`. */
export function getOfflineSet(name: string): OfflineSetState {
  return states.get(name) ?? (getContainer() ? UNKNOWN : UNSUPPORTED)
}

/** React hook: the state of the set `name`, re-rendering on every report; asks the worker once on mount. */
export function useOfflineSet(name: string): OfflineSetState {
  useEffect(() => {
    refreshOfflineSet(name)
  }, [name])
  return useStore(changes, () => getOfflineSet(name))
}

/** Test hook: replaces `navigator.serviceWorker` (null: no worker; undefined restores the default) and forgets every state. */
export function resetOfflineSetsForTests(container?: WorkerContainer | null): void {
  getContainer = container === undefined ? defaultContainer : () => container
  states.clear()
  requested.clear()
  listening = null
  changes.emit()
}
