/**
 * Bootstrap cache of the current user (issue #3 point 5: what the field needs offline — the programme's
 * template, sites, provinces and other dropdowns — fetched at login and on reconnect). Keys are
 * feature-defined strings ('template:12', 'sedi:FAC:5', 'province').
 */
import { requireDb } from './db'
import { withStorageErrors } from './outbox'
import type { CacheItem } from './types'

/** Stores a value under `key` with its fetch time (ms epoch). Throws StorageFullError when the device is full. */
export async function cacheSet<T>(key: string, value: T, fetchedAt: number = Date.now()): Promise<void> {
  const db = requireDb()
  await withStorageErrors(db, () => db.cache.put({ key, value, fetchedAt }))
}

/** The cached item (value + fetchedAt) or undefined. */
export async function cacheGet<T>(key: string): Promise<CacheItem<T> | undefined> {
  return (await requireDb().cache.get(key)) as CacheItem<T> | undefined
}

/** Removes a cached item. */
export async function cacheDelete(key: string): Promise<void> {
  await requireDb().cache.delete(key)
}
