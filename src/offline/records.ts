/**
 * Local copies of field records (`records` table) and their sync state, derived from the open outbox
 * entries that write them: any entry needing attention → 'attenzione'; one in flight → 'invio'; any other
 * open entry → 'locale' (saved on the device); none → 'confermato'.
 */
import type { OfflineDb } from './db'
import { requireDb } from './db'
import type { LocalRecord, RecordRef, RecordSyncState, RecordTipo } from './types'

/** Index value of a record reference (`tipo|idLocale`). */
export function recordKeyOf(ref: RecordRef): string {
  return `${ref.tipo}|${ref.idLocale}`
}

/** Sync state of a record from the statuses of its open entries (pure). */
export function deriveSyncState(statuses: readonly string[]): RecordSyncState {
  if (statuses.includes('attention')) return 'attenzione'
  if (statuses.includes('sending')) return 'invio'
  if (statuses.some((s) => s !== 'done')) return 'locale'
  return 'confermato'
}

/**
 * Recomputes and stores the sync state of a record from its entries. Call inside a transaction
 * covering `outbox` and `records`; does nothing when the record is not stored.
 */
export async function refreshRecordState(db: OfflineDb, ref: RecordRef, now: number = Date.now()): Promise<void> {
  const entries = await db.outbox.where('recordKey').equals(recordKeyOf(ref)).toArray()
  const state = deriveSyncState(entries.map((e) => e.status))
  const existing = await db.records.get([ref.tipo, ref.idLocale])
  if (existing && existing.syncState !== state) await db.records.put({ ...existing, syncState: state, updatedAt: now })
}

/** One local record of the current user, or undefined. */
export async function getRecord<T = unknown>(tipo: RecordTipo, idLocale: string): Promise<LocalRecord<T> | undefined> {
  return (await requireDb().records.get([tipo, idLocale])) as LocalRecord<T> | undefined
}

/** All local records of a kind for the current user, most recently updated first. */
export async function listRecords<T = unknown>(tipo: RecordTipo): Promise<LocalRecord<T>[]> {
  const rows = await requireDb().records.where('tipo').equals(tipo).toArray()
  return (rows as LocalRecord<T>[]).sort((a, b) => b.updatedAt - a.updatedAt)
}

/**
 * Stores records fetched from the server (bootstrap at login/reconnect) as 'confermato', without
 * overwriting a local copy that still has unsent changes. Returns how many were written.
 */
export async function putServerRecords<T>(tipo: RecordTipo, rows: { idLocale: string; idServer: string | number; data: T }[], now: number = Date.now()): Promise<number> {
  const db = requireDb()
  return db.transaction('rw', [db.records], async () => {
    let written = 0
    for (const r of rows) {
      const existing = await db.records.get([tipo, r.idLocale])
      if (existing && existing.syncState !== 'confermato') continue
      await db.records.put({ tipo, idLocale: r.idLocale, idServer: r.idServer, data: r.data, syncState: 'confermato', updatedAt: now })
      written++
    }
    return written
  })
}
