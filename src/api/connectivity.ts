/**
 * Reachability (ARCHITECTURE.md outbox point 7): 'online' only when the API answers `GET /api/health/live`
 * with `{status:'ok'}` (no-store, 5 s timeout) — a service-worker fallback page or a captive portal does not
 * count; `navigator.onLine === false` and the `offline` event are trusted for 'offline'. Re-probed on the
 * `online`/`offline` events, every 30 s while offline, and when the replay reports a network failure.
 * After the browser's `online` event a failed probe is retried soon ({@link ONLINE_EVENT_REPROBE_MS}: the
 * network often needs a moment, or the event joined a probe that left before it) instead of 30 s later —
 * otherwise what waits in the outbox, a refusal included, would reach the server only at the next 30 s probe.
 * It lives in api/ (the API's reachability), below the offline library that re-exports it to features
 * (`src/offline`: `connectivity`, `useConnectivity`) and beside the ui/ notices that read it directly
 * (ui/offline-data): a page showing those notices does not load the outbox engine.
 */
import { useSyncExternalStore } from 'react'
import { getAppConfig } from './config'
import { createStore, useStore } from '../lib/store'

export type Connectivity = 'online' | 'offline' | 'unknown'

export const PROBE_TIMEOUT_MS = 5_000
export const OFFLINE_REPROBE_MS = 30_000
export const HEALTH_PATH = '/health/live'
/** Delays (ms) of the follow-up probes after an `online` event whose probe failed, then the 30 s cadence. */
export const ONLINE_EVENT_REPROBE_MS = [1_000, 2_000, 4_000, 8_000] as const

const store = createStore<Connectivity>('unknown')
let fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init)
let reprobeTimer: ReturnType<typeof setInterval> | null = null
let probing: Promise<Connectivity> | null = null

function setState(next: Connectivity): void {
  if (next === store.get()) return
  if (next === 'offline') startReprobe()
  else stopReprobe()
  store.set(next)
}

function startReprobe(): void {
  if (reprobeTimer !== null || typeof setInterval === 'undefined') return
  reprobeTimer = setInterval(() => void checkConnectivity(), OFFLINE_REPROBE_MS)
}

function stopReprobe(): void {
  if (reprobeTimer !== null) clearInterval(reprobeTimer)
  reprobeTimer = null
}

/** URL of the health probe (API base of the app config + `/health/live`). */
export function probeUrl(): string {
  const origin = typeof location !== 'undefined' ? location.origin : 'http://127.0.0.1:8080'
  return new URL(`${getAppConfig().apiBaseUrl.replace(/\/+$/, '')}${HEALTH_PATH}`, origin).toString()
}

/** One probe: true when the API answered 2xx with `{status:'ok'}` within 5 s. Never throws. */
export async function probeReachability(): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false
  try {
    const res = await fetchImpl(probeUrl(), { cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS), headers: { accept: 'application/json' } })
    if (!res.ok) return false
    const body = (await res.json()) as { status?: unknown } | null
    return body?.status === 'ok'
  } catch {
    return false
  }
}

/** Probes now (one probe at a time) and updates the state. */
export function checkConnectivity(): Promise<Connectivity> {
  probing ??= probeReachability()
    .then((ok) => {
      setState(ok ? 'online' : 'offline')
      return store.get()
    })
    .finally(() => {
      probing = null
    })
  return probing
}

/** The replay could not reach the server: state 'offline' and re-probing every 30 s. */
export function reportUnreachable(): void {
  setState('offline')
}

/** The replay got an answer from the server: state 'online'. */
export function reportReachable(): void {
  setState('online')
}

/** Current state without React. */
export function getConnectivity(): Connectivity {
  return store.get()
}

/** Subscribes to state changes; returns the unsubscribe function. */
export function subscribeConnectivity(listener: () => void): () => void {
  return store.subscribe(listener)
}

/** React hook: 'online' | 'offline' | 'unknown'. */
export function useConnectivity(): Connectivity {
  return useStore(store)
}

const subscribeNetwork = (listener: () => void): (() => void) => {
  if (typeof window === 'undefined') return () => undefined
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}
const networkAvailable = () => typeof navigator === 'undefined' || navigator.onLine !== false

/**
 * React hook: false while the device itself has no network (`navigator.onLine === false`). Unlike
 * `useConnectivity`, true when the network is there but the API does not answer.
 */
export function useNetworkAvailable(): boolean {
  return useSyncExternalStore(subscribeNetwork, networkAvailable, () => true)
}

let started = 0
let followUp: ReturnType<typeof setTimeout> | null = null

function stopFollowUp(): void {
  if (followUp !== null) clearTimeout(followUp)
  followUp = null
}

/** Probes; while the answer is 'offline' but the device has a network, probes again after the next delay. */
function probeAfterOnline(step: number): void {
  void checkConnectivity().then((now) => {
    const delay = ONLINE_EVENT_REPROBE_MS[step]
    if (now === 'online' || delay === undefined || !networkAvailable() || started === 0) return
    stopFollowUp()
    followUp = setTimeout(() => {
      followUp = null
      probeAfterOnline(step + 1)
    }, delay)
  })
}

const onOnline = () => {
  stopFollowUp()
  probeAfterOnline(0)
}
const onOffline = () => {
  stopFollowUp()
  setState('offline')
}

/** Starts the event listeners and a first probe (reference-counted); returns the stop function. */
export function startConnectivity(): () => void {
  if (typeof window === 'undefined') return () => undefined
  if (started++ === 0) {
    window.addEventListener('online', onOnline)
    window.addEventListener('offline', onOffline)
    void checkConnectivity()
  }
  let stopped = false
  return () => {
    if (stopped) return
    stopped = true
    if (--started === 0) {
      window.removeEventListener('online', onOnline)
      window.removeEventListener('offline', onOffline)
      stopReprobe()
      stopFollowUp()
    }
  }
}

/** Test hook: replaces fetch for the probe and resets the state. */
export function configureConnectivityForTests(opts: { fetch?: typeof fetch; state?: Connectivity } = {}): void {
  if (opts.fetch) fetchImpl = opts.fetch
  stopReprobe()
  stopFollowUp()
  store.reset(opts.state ?? 'unknown')
  probing = null
}

/** Connectivity without React, as the feature entry offers it: `get()`, `subscribe(listener)`, `check()` (probe now). */
export const connectivity = { get: getConnectivity, subscribe: subscribeConnectivity, check: checkConnectivity }
