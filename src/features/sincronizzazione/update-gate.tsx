/**
 * Update gate (ARCHITECTURE.md "The service worker": never reload while the outbox is flushing): while a
 * replay runs in this page (events 'sync-start' / 'sync-end') or any entry is `sending` (this tab or
 * another, seen through the live status), the blocker 'outbox' of src/pwa/update-store.ts is set; an
 * update accepted meanwhile starts when it clears ("Invio in corso: l'aggiornamento partirà al termine").
 * The store's setter is handed in by the shell (`createOutboxUpdateGate(setUpdateBlocked)`), so this lazy
 * module does not import the landing page's update store.
 */
import { useEffect } from 'react'
import { createStore, useStore } from '../../lib/store'
import { onOfflineEvent } from '../../offline'
import { useSyncStatus } from '../../offline/shell'

const runs = createStore(0)

/** Counts the replay runs of this page; returns the stop function. */
export function trackReplayRuns(): () => void {
  const offs = [
    onOfflineEvent('sync-start', () => runs.update((n) => n + 1)),
    onOfflineEvent('sync-end', () => runs.update((n) => Math.max(0, n - 1))),
  ]
  return () => {
    offs.forEach((off) => off())
    runs.set(0)
  }
}

const isRunning = () => runs.get() > 0

/** True when a reload now could interrupt a request of the outbox. */
export function outboxBusy(running: boolean, sending: number): boolean {
  return running || sending > 0
}

/** The update store's setter (src/pwa/update-store.ts `setUpdateBlocked`). */
export type SetUpdateBlocked = (id: string, blocked: boolean) => void

/** A component that renders nothing and keeps the blocker 'outbox' in line with the outbox (mounted in the shell's overlay slot). */
export function createOutboxUpdateGate(setUpdateBlocked: SetUpdateBlocked) {
  return function OutboxUpdateGate() {
    const { sending } = useSyncStatus()
    const running = useStore(runs, isRunning)
    const busy = outboxBusy(running, sending)
    useEffect(() => {
      setUpdateBlocked('outbox', busy)
    }, [busy])
    useEffect(() => () => setUpdateBlocked('outbox', false), [])
    return null
  }
}
