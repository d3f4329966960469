/**
 * What stays on the device (README "What stays on a device"; security issue 6, item 11): only what is
 * still unsent.
 * - At logout ({@link purgeUserDb}) with nothing unsent (no entry pending, sending, retrying, paused or
 *   'richiede attenzione') the user's database is emptied and deleted. With entries unsent only they remain,
 *   with the local records they write (shown and edited in the sync centre, updated when acknowledged) and,
 *   reduced to id, kind and server answer, the acknowledged entries they depend on (their server ids are
 *   substituted at replay). Acknowledged entries, confirmed local copies (services, citizens, surveys),
 *   the field reference data and `lastSyncAt` go. At the next login of the same user the unsent entries are
 *   replayed and the field bootstrap refills the rest.
 * - A database of the previous version (named after the unsalted sha256 of the fiscal code, the clear code in
 *   `meta.owner` and in every entry) is moved under the new name ({@link migrateLegacyDb}): all of it for the
 *   user logging in, only the unsent part for anyone else; then deleted.
 * - At every login {@link sweepDevice} applies the same rules to the other users' databases left on the
 *   device (a logout that never finished, a session that ended without one, the previous version).
 * Every rewrite runs on a fresh connection after the session's one was closed: IndexedDB orders it after
 * anything that connection had started (a replay, a bootstrap), so nothing acknowledged slips back in.
 */
import { Dexie } from 'dexie'
import { createOfflineDb, type OfflineDb } from './db'
import { dbNameOfOwner, isOwnerHash, ownerHash } from '../lib/device-owner'
import type { CacheItem, EntryRoleContext, LocalRecord, MetaItem, OutboxEntry } from './types'

/** Everything a user database holds. */
export interface DeviceContent {
  outbox: OutboxEntry[]
  records: LocalRecord[]
  cache: CacheItem[]
  meta: MetaItem[]
}

/** How long a logout or a login waits for a database deletion another connection blocks (ms). */
export const DELETE_WAIT_MS = 3_000

/** Names of user databases (this version and the previous one): `pd-` + 16 hex digits. */
export const USER_DB_NAME = /^pd-[0-9a-f]{16}$/

/** The stored role context of an entry: the profile and the owner hash, nothing else (a clear `cfUtente` goes). */
function entryRoleContext(rc: Partial<EntryRoleContext>, owner: string): EntryRoleContext {
  return { codiceRuolo: rc.codiceRuolo ?? '', idProgramma: rc.idProgramma ?? null, idProgetto: rc.idProgetto ?? null, idEnte: rc.idEnte ?? null, utente: owner }
}

const isOpen = (e: OutboxEntry) => e.status !== 'done'

/**
 * What stays of a database with unsent entries (pure): the open entries (role context with `owner`), the
 * acknowledged entries they depend on reduced to id, kind, status and server answer, the records the open
 * entries write, and the `seq` counter. No cache, no other record, no other entry.
 */
export function unsentOnly(c: DeviceContent, owner: string): DeviceContent {
  const open = c.outbox.filter(isOpen)
  const openIds = new Set(open.map((e) => e.id))
  const parents = new Set(open.flatMap((e) => e.dependsOn).filter((id) => !openIds.has(id)))
  const doneParents = c.outbox
    .filter((e) => !isOpen(e) && parents.has(e.id))
    .map((e): OutboxEntry => ({
      id: e.id, seq: e.seq, idempotencyKey: e.idempotencyKey, kind: e.kind, payload: {}, roleContext: entryRoleContext(e.roleContext, owner),
      dependsOn: [], status: 'done', attempts: e.attempts, lastError: null, nextAttemptAt: 0, createdAt: e.createdAt, updatedAt: e.updatedAt,
      record: null, recordKey: null, result: e.result ?? null, ...(e.doneAt !== undefined ? { doneAt: e.doneAt } : {}),
    }))
  const written = new Set(open.map((e) => e.recordKey).filter((k): k is string => k !== null))
  const seq = Math.max(0, ...c.outbox.map((e) => e.seq), ...c.meta.filter((m) => m.key === 'seq').map((m) => Number(m.value) || 0))
  return {
    outbox: [...open.map((e) => ({ ...e, roleContext: entryRoleContext(e.roleContext, owner) })), ...doneParents].sort((a, b) => a.seq - b.seq),
    records: c.records.filter((r) => written.has(`${r.tipo}|${r.idLocale}`)),
    cache: [],
    meta: [{ key: 'owner', value: owner }, { key: 'seq', value: seq }],
  }
}

async function readContent(db: OfflineDb): Promise<DeviceContent> {
  const [outbox, records, cache, meta] = await Promise.all([db.outbox.toArray(), db.records.toArray(), db.cache.toArray(), db.meta.toArray()])
  return { outbox, records, cache, meta }
}

const tablesOf = (db: OfflineDb) => [db.outbox, db.records, db.cache, db.meta]

/** Deletes a database; gives up waiting after {@link DELETE_WAIT_MS} (another connection blocks it: emptied already). */
async function deleteDb(name: string): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([
    Dexie.delete(name).catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, DELETE_WAIT_MS)
    }),
  ]).finally(() => clearTimeout(timer))
}

/** Opens a user database by name on a fresh connection; null when it cannot be opened (another schema, storage refused). */
async function openByName(name: string): Promise<OfflineDb | null> {
  const db = createOfflineDb(name)
  try {
    await db.open()
    return db
  } catch {
    db.close()
    return null
  }
}

/**
 * Leaves on the device only what a user's database still has to send (see the module comment), on a fresh
 * connection (close the session's first). Resolves 'deleted' (nothing unsent: emptied and deleted),
 * 'unsent-kept', or 'unavailable' when the database cannot be opened.
 */
export async function purgeUserDb(name: string): Promise<'deleted' | 'unsent-kept' | 'unavailable'> {
  const db = await openByName(name)
  if (!db) return 'unavailable'
  let kept: boolean
  try {
    kept = await db.transaction('rw', tablesOf(db), async () => {
      const content = await readContent(db)
      await Promise.all(tablesOf(db).map((t) => t.clear()))
      if (!content.outbox.some(isOpen)) return false
      const owner = content.meta.find((m) => m.key === 'owner')?.value
      const keep = unsentOnly(content, isOwnerHash(owner) ? owner : '')
      await db.outbox.bulkAdd(keep.outbox)
      await db.records.bulkAdd(keep.records)
      await db.meta.bulkAdd(keep.meta)
      return true
    })
  } finally {
    db.close()
  }
  if (!kept) await deleteDb(name)
  return kept ? 'unsent-kept' : 'deleted'
}

/** The clear fiscal code of a previous-version database: `meta.owner`, else the entries' `cfUtente`. */
function legacyOwner(c: DeviceContent): string | null {
  const owner = c.meta.find((m) => m.key === 'owner')?.value
  if (typeof owner === 'string' && owner && !isOwnerHash(owner)) return owner
  for (const e of c.outbox) {
    const cf = (e.roleContext as { cfUtente?: unknown }).cfUtente
    if (typeof cf === 'string' && cf) return cf
  }
  return null
}

/** Adds `moved` to `target` (one transaction): entries and records it does not have yet, `seq` kept unique. */
async function addInto(target: OfflineDb, moved: DeviceContent): Promise<void> {
  await target.transaction('rw', tablesOf(target), async () => {
    const haveIds = new Set(await target.outbox.toCollection().primaryKeys())
    const entries = moved.outbox.filter((e) => !haveIds.has(e.id)).sort((a, b) => a.seq - b.seq)
    const usedSeqs = new Set((await target.outbox.toArray()).map((e) => e.seq))
    const counter = Number((await target.meta.get('seq'))?.value) || 0
    let next = Math.max(counter, 0, ...usedSeqs)
    const placed = entries.some((e) => usedSeqs.has(e.seq)) ? entries.map((e) => ({ ...e, seq: ++next })) : entries
    await target.outbox.bulkAdd(placed)
    const movedSeq = Number(moved.meta.find((m) => m.key === 'seq')?.value) || 0
    await target.meta.put({ key: 'seq', value: Math.max(next, movedSeq, ...placed.map((e) => e.seq)) })
    for (const r of moved.records) if (!(await target.records.get([r.tipo, r.idLocale]))) await target.records.add(r)
    for (const c of moved.cache) if (!(await target.cache.get(c.key))) await target.cache.add(c)
  })
}

/**
 * Moves a previous-version database into the new one and deletes it: `'all'` (the user logging in: every
 * entry, record and cached item, `into` being their open database) or `'unsent'` (another user: only what
 * {@link unsentOnly} keeps, into their database under the new name). Every entry's `cfUtente` becomes the
 * owner hash. Resolves false when there was no such database. A database whose owner cannot be told and
 * that holds unsent entries is left as it is.
 */
export async function migrateLegacyDb(legacyName: string, mode: 'all' | 'unsent', into?: OfflineDb): Promise<boolean> {
  if (!(await Dexie.exists(legacyName))) return false
  const legacy = await openByName(legacyName)
  if (!legacy) return false
  let content: DeviceContent
  try {
    content = await readContent(legacy)
  } finally {
    legacy.close()
  }
  const cf = legacyOwner(content)
  const unsent = content.outbox.some(isOpen)
  if (mode === 'unsent' && !unsent) {
    await deleteDb(legacyName)
    return true
  }
  if (!cf) {
    if (!unsent) await deleteDb(legacyName)
    return true
  }
  const owner = await ownerHash(cf)
  const moved: DeviceContent = mode === 'all'
    ? {
      outbox: content.outbox.map((e) => ({ ...e, roleContext: entryRoleContext(e.roleContext, owner) })),
      records: content.records, cache: content.cache, meta: content.meta.filter((m) => m.key === 'seq'),
    }
    : unsentOnly(content, owner)
  const target = into ?? (await openByName(dbNameOfOwner(owner)))
  if (!target) return true
  try {
    if (!into) await target.meta.put({ key: 'owner', value: owner })
    await addInto(target, moved)
  } finally {
    if (!into) target.close()
  }
  await deleteDb(legacyName)
  return true
}

/**
 * Applies the retention rules to every user database on the device but `keep` (the logged user's):
 * previous-version ones are migrated ('unsent') and deleted, the others pruned to their unsent entries or
 * deleted. Never throws; a database that cannot be opened is skipped.
 */
export async function sweepDevice(keep: readonly string[]): Promise<void> {
  let names: string[]
  try {
    names = await Dexie.getDatabaseNames()
  } catch {
    return
  }
  for (const name of names) {
    if (!USER_DB_NAME.test(name) || keep.includes(name)) continue
    try {
      const db = await openByName(name)
      if (!db) continue
      const owner = await db.meta.get('owner').finally(() => db.close())
      if (isOwnerHash(owner?.value)) await purgeUserDb(name)
      else await migrateLegacyDb(name, 'unsent')
    } catch {
      /* left for the next sweep */
    }
  }
}
