/**
 * The per-user Dexie database (ARCHITECTURE.md outbox points 1 and 6). One IndexedDB database per user,
 * named `pd-<first 16 hex of sha256(fiscal code)>` so the clear code is not in the name; opened at login,
 * closed at logout. Another user on the same browser opens a different database and never sees or sends
 * someone else's entries.
 *
 * Schema version 1:
 * - `outbox`: key `id` (entry uuid); indexes `&seq` (FIFO order, from the `seq` counter in `meta`), `status`,
 *   `kind`, `*dependsOn`, `recordKey`, `createdAt`, `nextAttemptAt`, `[status+seq]`;
 * - `records`: key `[tipo+idLocale]`; indexes `tipo`, `idServer`, `syncState`, `updatedAt`;
 * - `cache`: key `key`; index `fetchedAt`;
 * - `meta`: key `key` (`owner` = fiscal code, `seq` counter, `lastSyncAt`).
 */
import { Dexie, type EntityTable, type Table } from 'dexie'
import type { CacheItem, LocalRecord, MetaItem, OutboxEntry, RecordTipo } from './types'
import { sha256Hex } from './ids'
import { NoUserDbError } from './errors'

export type OfflineDb = Dexie & {
  outbox: EntityTable<OutboxEntry, 'id'>
  records: Table<LocalRecord, [RecordTipo, string]>
  cache: EntityTable<CacheItem, 'key'>
  meta: EntityTable<MetaItem, 'key'>
}

export const DB_SCHEMA_V1 = {
  outbox: 'id, &seq, status, kind, *dependsOn, recordKey, createdAt, nextAttemptAt, [status+seq]',
  records: '[tipo+idLocale], tipo, idServer, syncState, updatedAt',
  cache: 'key, fetchedAt',
  meta: 'key',
} as const

/** Normalises a fiscal code for naming and ownership (trimmed, upper case). */
export function normaliseCf(cf: string): string {
  return cf.trim().toUpperCase()
}

/** Database name of a user: `pd-` + the first 16 hex digits of sha256(normalised fiscal code). */
export async function userDbName(cf: string): Promise<string> {
  return `pd-${(await sha256Hex(normaliseCf(cf))).slice(0, 16)}`
}

/** Creates (does not open) the Dexie instance of a database name with the current schema. */
export function createOfflineDb(name: string): OfflineDb {
  const db = new Dexie(name) as OfflineDb
  db.version(1).stores(DB_SCHEMA_V1)
  return db
}

interface OpenDb {
  db: OfflineDb
  cf: string
}

let current: OpenDb | null = null
let opening: Promise<OfflineDb> | null = null
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

/**
 * Opens the database of the user `cf` (closing another user's first) and records the owner in `meta`.
 * Idempotent for the same user. Rejects with the IndexedDB error when the browser refuses storage.
 */
export async function openUserDb(cf: string): Promise<OfflineDb> {
  const owner = normaliseCf(cf)
  if (current?.cf === owner && current.db.isOpen()) return current.db
  if (opening) await opening.catch(() => undefined)
  if (current?.cf === owner && current.db.isOpen()) return current.db
  opening = (async () => {
    if (current) closeUserDb()
    const db = createOfflineDb(await userDbName(owner))
    await db.open()
    await db.meta.put({ key: 'owner', value: owner })
    current = { db, cf: owner }
    emit()
    return db
  })()
  try {
    return await opening
  } finally {
    opening = null
  }
}

/** Closes the open user database (logout). Its data stay on the device for that user. */
export function closeUserDb(): void {
  if (!current) return
  current.db.close()
  current = null
  emit()
}

/** The open user database, or null when nobody is logged in. */
export function currentDb(): OfflineDb | null {
  return current?.db ?? null
}

/** The owner (normalised fiscal code) of the open database, or null. */
export function currentDbOwner(): string | null {
  return current?.cf ?? null
}

/** The open user database; throws {@link NoUserDbError} when none is open. */
export function requireDb(): OfflineDb {
  if (!current) throw new NoUserDbError()
  return current.db
}

/** Subscribes to open/close of the user database; returns the unsubscribe function. */
export function subscribeDb(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Reads a `meta` value (undefined when absent). */
export async function readMeta<T>(db: OfflineDb, key: string): Promise<T | undefined> {
  return (await db.meta.get(key))?.value as T | undefined
}
