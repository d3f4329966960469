/**
 * Sync status for the header indicator ('offline' / 'N in attesa' / 'N da verificare') and the sync
 * centre (ARCHITECTURE.md outbox point 9), plus live hooks over the user's database (Dexie `liveQuery`),
 * following the open/close of the database at login/logout.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { liveQuery } from 'dexie'
import type { OfflineDb } from './db'
import { currentDb, readMeta, subscribeDb } from './db'
import { getConnectivity, subscribeConnectivity, type Connectivity } from '../api/connectivity'
import { countEntries, type OutboxCounts } from './outbox'
import type { LocalRecord, OutboxEntry, RecordTipo } from './types'
import { createStore, useStore } from '../lib/store'

export interface SyncStatus {
  connectivity: Connectivity
  /** waiting to be sent: pending + failed-retry */
  pending: number
  /** of which failed at least once and wait for a retry */
  retrying: number
  sending: number
  attention: number
  /** refused with 409 V01, waiting for the user's choice ('In conflitto', issue 27) */
  conflict: number
  pausedAuth: number
  /** ms epoch of the last run that left nothing waiting or sent something; null if never */
  lastSyncAt: number | null
}

const ZERO: OutboxCounts = { pending: 0, sending: 0, failedRetry: 0, attention: 0, conflict: 0, pausedAuth: 0, done: 0, open: 0 }

let counts: OutboxCounts = ZERO
let lastSyncAt: number | null = null
const store = createStore<SyncStatus>(build())
let detach: (() => void) | null = null
let live: { unsubscribe(): void } | null = null

function build(): SyncStatus {
  return {
    connectivity: getConnectivity(),
    pending: counts.pending + counts.failedRetry,
    retrying: counts.failedRetry,
    sending: counts.sending,
    attention: counts.attention,
    conflict: counts.conflict,
    pausedAuth: counts.pausedAuth,
    lastSyncAt,
  }
}

function recompute(): void {
  const next = build()
  if (JSON.stringify(next) === JSON.stringify(store.get())) return
  store.set(next)
}

function watchDb(): void {
  live?.unsubscribe()
  live = null
  const db = currentDb()
  if (!db) {
    counts = ZERO
    lastSyncAt = null
    recompute()
    return
  }
  live = liveQuery(async () => ({ c: await countEntries(db), last: (await readMeta<number>(db, 'lastSyncAt')) ?? null })).subscribe({
    next: ({ c, last }) => {
      counts = c
      lastSyncAt = last
      recompute()
    },
    error: () => undefined,
  })
}

/** Subscribes to the sync status; the first subscriber starts watching the database and the connectivity. */
export function subscribeSyncStatus(listener: () => void): () => void {
  const off = store.subscribe(listener)
  if (!detach) {
    const offDb = subscribeDb(watchDb)
    const offConn = subscribeConnectivity(recompute)
    watchDb()
    detach = () => {
      offDb()
      offConn()
      live?.unsubscribe()
      live = null
    }
  }
  return () => {
    off()
    if (store.size === 0 && detach) {
      detach()
      detach = null
    }
  }
}

/** Current sync status without React. */
export function getSyncStatus(): SyncStatus {
  return store.get()
}

/** React hook: `{connectivity, pending, retrying, sending, attention, conflict, pausedAuth, lastSyncAt}`. */
export function useSyncStatus(): SyncStatus {
  return useStore({ subscribe: subscribeSyncStatus, get: getSyncStatus })
}

/**
 * Texts of the header indicator, most urgent first: 'offline', 'N in attesa' (not yet confirmed: waiting,
 * sending or paused for login), 'N in conflitto' (waiting for the user's choice, issue 27), 'N da verificare'
 * (needing attention). Empty when all is synchronised.
 */
export function indicatorTexts(s: SyncStatus): string[] {
  const out: string[] = []
  if (s.connectivity === 'offline') out.push('offline')
  const waiting = s.pending + s.sending + s.pausedAuth
  if (waiting > 0) out.push(`${waiting} in attesa`)
  if (s.conflict > 0) out.push(`${s.conflict} in conflitto`)
  if (s.attention > 0) out.push(`${s.attention} da verificare`)
  return out
}

/**
 * React hook: live result of `query` on the current user's database (undefined while loading or with no
 * database). `key` identifies the query: change it when the query's inputs change.
 */
export function useOfflineQuery<T>(key: string, query: (db: OfflineDb) => Promise<T>): T | undefined {
  const db = useSyncExternalStore(subscribeDb, currentDb, currentDb)
  const queryRef = useRef(query)
  useEffect(() => {
    queryRef.current = query
  })
  const [state, setState] = useState<{ db: OfflineDb | null; key: string; value: T | undefined }>({ db: null, key, value: undefined })
  useEffect(() => {
    if (!db) return
    const sub = liveQuery(() => queryRef.current(db)).subscribe({
      next: (value) => setState({ db, key, value }),
      error: () => setState({ db, key, value: undefined }),
    })
    return () => sub.unsubscribe()
  }, [db, key])
  return state.db === db && state.key === key ? state.value : undefined
}

/** React hook: the outbox entries in FIFO order (open ones; `includeDone` adds the acknowledged ones kept). */
export function useEntries(opts: { includeDone?: boolean } = {}): OutboxEntry[] | undefined {
  const includeDone = opts.includeDone === true
  return useOfflineQuery(`entries:${includeDone}`, async (db) => {
    const rows = await db.outbox.orderBy('seq').toArray()
    return includeDone ? rows : rows.filter((e) => e.status !== 'done')
  })
}

/** React hook: the local records of a kind, most recently updated first. */
export function useRecords<T = unknown>(tipo: RecordTipo): LocalRecord<T>[] | undefined {
  return useOfflineQuery(`records:${tipo}`, async (db) => {
    const rows = (await db.records.where('tipo').equals(tipo).toArray()) as LocalRecord<T>[]
    return rows.sort((a, b) => b.updatedAt - a.updatedAt)
  })
}
