/**
 * Local copies of field records (`records` table) and their sync state, derived from the open outbox
 * entries that write them: any entry needing attention → 'attenzione'; one in flight → 'invio'; any other
 * open entry → 'locale' (saved on the device); none → 'confermato'.
 * Features reach these functions through the `records` object of the feature entry (index.ts): every read
 * and write of local records goes through it, none touches the Dexie tables itself.
 */
import { requireDb, type OfflineDb } from './db'
import type { LocalRecord, RecordRef, RecordSyncState, RecordTipo } from './types'

/** Index value of a record reference (`tipo|idLocale`). */
export function recordKeyOf(ref: RecordRef): string {
  return `${ref.tipo}|${ref.idLocale}`
}

/** Sync state of a record from the statuses of its open entries (pure). */
export function deriveSyncState(statuses: readonly string[]): RecordSyncState {
  if (statuses.includes('attention') || statuses.includes('conflict')) return 'attenzione'
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

/** One local record of the current user (or of `db`), or undefined. */
export async function getRecord<T = unknown>(tipo: RecordTipo, idLocale: string, db: OfflineDb = requireDb()): Promise<LocalRecord<T> | undefined> {
  return (await db.records.get([tipo, idLocale])) as LocalRecord<T> | undefined
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

/**
 * The stored records of a kind in index order (the `tipo` index, i.e. by `idLocale`), optionally filtered;
 * unlike {@link listRecords}, not sorted. `db` defaults to the open database (pass the one a live query or a
 * handler's `applyResult` was given).
 */
export async function queryRecords<T = unknown>(tipo: RecordTipo, filter?: (r: LocalRecord<T>) => boolean, db: OfflineDb = requireDb()): Promise<LocalRecord<T>[]> {
  const c = db.records.where('tipo').equals(tipo)
  return (await (filter ? c.filter((r) => filter(r as LocalRecord<T>)) : c).toArray()) as LocalRecord<T>[]
}

/** The stored records (any kind) whose `idServer` is one of `ids` (a number also matches its string; the `idServer` index). */
export async function recordsByServerIds(ids: readonly (string | number)[], db: OfflineDb = requireDb()): Promise<LocalRecord[]> {
  if (ids.length === 0) return []
  const keys = [...new Set(ids.flatMap((id) => [id, String(id)]))]
  return db.records.where('idServer').anyOf(keys).toArray()
}

/** A record by client id or, for an id that is not one, by server id (a route parameter); undefined when unknown. */
export async function findRecord<T = unknown>(tipo: RecordTipo, id: string, db: OfflineDb = requireDb()): Promise<LocalRecord<T> | undefined> {
  const byLocal = await db.records.get([tipo, id])
  if (byLocal) return byLocal as LocalRecord<T>
  const candidates: (string | number)[] = [id]
  if (/^\d{1,15}$/.test(id)) candidates.push(Number(id))
  const rows = await db.records.where('idServer').anyOf(candidates).toArray()
  return rows.find((r) => r.tipo === tipo) as LocalRecord<T> | undefined
}

/** The records last written before `ms` (ms epoch; the `updatedAt` index). */
export async function recordsUpdatedBefore(ms: number, db: OfflineDb = requireDb()): Promise<LocalRecord[]> {
  return db.records.where('updatedAt').below(ms).toArray()
}

/**
 * Writes a record as given (no sync-state change: a feature's own bookkeeping, e.g. the server id learnt in
 * `applyResult`). Storage errors propagate as Dexie raises them.
 */
export async function putRecord<T>(record: LocalRecord<T>, db: OfflineDb = requireDb()): Promise<void> {
  await db.records.put(record as LocalRecord)
}

/** Deletes a record (nothing when absent). */
export async function deleteRecord(ref: RecordRef, db: OfflineDb = requireDb()): Promise<void> {
  await db.records.delete([ref.tipo, ref.idLocale])
}

/** True when a record still has entries to send (any status but done). */
export async function hasOpenEntries(ref: RecordRef, db: OfflineDb = requireDb()): Promise<boolean> {
  return (await db.outbox.where('recordKey').equals(recordKeyOf(ref)).toArray()).some((e) => e.status !== 'done')
}

/**
 * Prunes a confirmed copy: deletes `r` when it is 'confermato' and has no open entry; true when deleted.
 * A copy with unsent changes always stays.
 */
export async function pruneRecord(r: LocalRecord, db: OfflineDb = requireDb()): Promise<boolean> {
  if (r.syncState !== 'confermato' || (await hasOpenEntries(r, db))) return false
  await db.records.delete([r.tipo, r.idLocale])
  return true
}

/**
 * Runs `fn` in one read-write transaction over the records and the outbox: every read and write of the
 * records API (and the outbox queries) made inside it is atomic. Resolves with `fn`'s result.
 */
export async function inRecordsTransaction<T>(fn: () => Promise<T>, db: OfflineDb = requireDb()): Promise<T> {
  return db.transaction('rw', [db.records, db.outbox], fn)
}

/**
 * The local records API features use (the feature entry exports it as `records`). Every method but `list`,
 * `get` and `putFromServer` takes the database last, defaulting to the open one.
 */
export const records = {
  get: getRecord,
  list: listRecords,
  query: queryRecords,
  find: findRecord,
  byServerIds: recordsByServerIds,
  updatedBefore: recordsUpdatedBefore,
  put: putRecord,
  delete: deleteRecord,
  putFromServer: putServerRecords,
  hasOpenEntries,
  prune: pruneRecord,
  transaction: inRecordsTransaction,
}
