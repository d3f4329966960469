/**
 * The per-user Dexie database (ARCHITECTURE.md outbox points 1 and 6). One IndexedDB database per user,
 * named `pd-` + the first 16 hex digits of the user's owner hash — a salted, slow hash of the fiscal code
 * with a per-device salt (src/lib/device-owner.ts) — so neither the name nor the content carries the clear code; opened at
 * login, closed at logout, when only what is still unsent stays on the device (retention.ts). Another user
 * on the same browser opens a different database and never sees or sends someone else's entries.
 *
 * Schema version 1:
 * - `outbox`: key `id` (entry uuid); indexes `&seq` (FIFO order, from the `seq` counter in `meta`), `status`,
 *   `kind`, `*dependsOn`, `recordKey`, `createdAt`, `nextAttemptAt`, `[status+seq]`;
 * - `records`: key `[tipo+idLocale]`; indexes `tipo`, `idServer`, `syncState`, `updatedAt`;
 * - `cache`: key `key`; index `fetchedAt`;
 * - `meta`: key `key` (`owner` = owner hash, `seq` counter, `lastSyncAt`).
 */
import { Dexie, type EntityTable, type Table } from 'dexie'
import type { CacheItem, LocalRecord, MetaItem, OutboxEntry, RecordTipo } from './types'
import { dbNameOfOwner, legacyDbName, normaliseCf, ownerHash } from '../lib/device-owner'
import { NoUserDbError } from './errors'
import { migrateLegacyDb } from './retention'
import { createStore } from '../lib/store'

export { normaliseCf }

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

/** Database name of a user on this device: `pd-` + the first 16 hex digits of the owner hash (src/lib/device-owner.ts). */
export async function userDbName(cf: string): Promise<string> {
  return dbNameOfOwner(await ownerHash(cf))
}

/** Creates (does not open) the Dexie instance of a database name with the current schema. */
export function createOfflineDb(name: string): OfflineDb {
  const db = new Dexie(name) as OfflineDb
  db.version(1).stores(DB_SCHEMA_V1)
  return db
}

interface OpenDb {
  db: OfflineDb
  /** the normalised fiscal code, in memory only (checks `enqueue`'s role context) */
  cf: string
  /** the owner hash stored in `meta.owner` and in every entry */
  owner: string
}

let current: OpenDb | null = null
let opening: Promise<OfflineDb> | null = null
const changes = createStore(null)
const emit = changes.emit

/**
 * Opens the database of the user `cf` (closing another user's first) and records the owner hash in `meta`.
 * The user's database of the previous version, if any, is moved into it first (retention.ts; a failed
 * move is retried at the next open, nothing is lost). Idempotent for the same user. Rejects with the
 * IndexedDB error when the browser refuses storage.
 */
export async function openUserDb(cf: string): Promise<OfflineDb> {
  const user = normaliseCf(cf)
  if (current?.cf === user && current.db.isOpen()) return current.db
  if (opening) await opening.catch(() => undefined)
  if (current?.cf === user && current.db.isOpen()) return current.db
  opening = (async () => {
    if (current) closeUserDb()
    const owner = await ownerHash(user)
    const db = createOfflineDb(dbNameOfOwner(owner))
    await db.open()
    await db.meta.put({ key: 'owner', value: owner })
    await migrateLegacyDb(await legacyDbName(user), 'all', db).catch(() => false)
    current = { db, cf: user, owner }
    emit()
    return db
  })()
  try {
    return await opening
  } finally {
    opening = null
  }
}

/**
 * Closes the open user database and returns its name (null when none was open). Its content is left as it
 * is: at logout the session bridge then keeps only what is unsent (retention.ts `purgeUserDb`).
 */
export function closeUserDb(): string | null {
  if (!current) return null
  const { name } = current.db
  current.db.close()
  current = null
  emit()
  return name
}

/** The open user database, or null when nobody is logged in. */
export function currentDb(): OfflineDb | null {
  return current?.db ?? null
}

/** The owner of the open database (owner hash, as in `meta.owner` and the entries' `roleContext.utente`), or null. */
export function currentDbOwner(): string | null {
  return current?.owner ?? null
}

/** The normalised fiscal code of the open database's user (memory only, never stored), or null. */
export function currentDbUser(): string | null {
  return current?.cf ?? null
}

/** The open user database; throws {@link NoUserDbError} when none is open. */
export function requireDb(): OfflineDb {
  if (!current) throw new NoUserDbError()
  return current.db
}

/** Subscribes to open/close of the user database; returns the unsubscribe function. */
export function subscribeDb(listener: () => void): () => void {
  return changes.subscribe(listener)
}

/** Reads a `meta` value (undefined when absent). */
export async function readMeta<T>(db: OfflineDb, key: string): Promise<T | undefined> {
  return (await db.meta.get(key))?.value as T | undefined
}

/** The open user database as the feature entry offers it: `current()`, `require()`, `owner()`, `subscribe()`. */
export const userDb = { current: currentDb, require: requireDb, owner: currentDbOwner, subscribe: subscribeDb }
