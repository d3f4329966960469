/**
 * Bootstrap cache of the current user (issue #3 point 5: what the field needs offline — the programme's
 * template, sites, provinces and other dropdowns — fetched at login and on reconnect). Keys are
 * feature-defined strings ('template:12', 'sedi:FAC:5', 'province').
 */
import { requireDb, type OfflineDb } from './db'
import { withStorageErrors } from './outbox'
import type { CacheItem } from './types'

/** Stores a value under `key` with its fetch time (ms epoch). Throws StorageFullError when the device is full. */
export async function cacheSet<T>(key: string, value: T, fetchedAt: number = Date.now()): Promise<void> {
  const db = requireDb()
  await withStorageErrors(db, () => db.cache.put({ key, value, fetchedAt }))
}

/** The cached item (value + fetchedAt) or undefined; `db` defaults to the open database (pass a live query's). */
export async function cacheGet<T>(key: string, db: OfflineDb = requireDb()): Promise<CacheItem<T> | undefined> {
  return (await db.cache.get(key)) as CacheItem<T> | undefined
}

/** Removes a cached item. */
export async function cacheDelete(key: string): Promise<void> {
  await requireDb().cache.delete(key)
}

/** The bootstrap cache API of the feature entry (`cache.get/set/delete`). */
export const cache = { get: cacheGet, set: cacheSet, delete: cacheDelete }
