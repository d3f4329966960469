/**
 * Who owns a database, without the clear fiscal code on the device (security issue 6, item 11).
 *
 * A random per-device salt (32 bytes, created once, kept in the IndexedDB database `pd-device`, table `kv`,
 * key `salt`: no personal data) makes the owner an expensive, device-specific hash:
 * `owner = hex(PBKDF2-HMAC-SHA256(normalised fiscal code, salt, 100 000 iterations, 256 bits))`.
 * The user's database is named `pd-` + the first 16 hex digits of `owner`; `meta.owner` and every entry's
 * `roleContext.utente` hold `owner`. The same user on the same device finds the same database again;
 * nobody can look a fiscal code up in a table built elsewhere, and a guess on the device costs 100 000
 * hash rounds. Databases of the previous version were named `pd-` + sha256(fiscal code)[0..16] with the
 * clear code in `meta.owner` ({@link legacyDbName}); they are migrated or cleaned (src/offline/retention.ts).
 *
 * e2e/field-ui.ts (`waitForFieldData`) computes the same name in the page: keep the two in step.
 */
import { Dexie, type EntityTable } from 'dexie'
import { sha256Hex } from './ids'

export const DEVICE_DB_NAME = 'pd-device'
export const OWNER_HASH_ITERATIONS = 100_000

/** Normalises a fiscal code for naming and ownership (trimmed, upper case). */
export function normaliseCf(cf: string): string {
  return cf.trim().toUpperCase()
}

interface KvItem {
  key: string
  value: unknown
}

const toHex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
const fromHex = (h: string): Uint8Array<ArrayBuffer> => new Uint8Array((h.match(/../g) ?? []).map((x) => parseInt(x, 16)))

let salt: Promise<Uint8Array<ArrayBuffer>> | null = null

/** The device salt, created at the first call on this device (one transaction: two tabs agree on one salt). */
function deviceSalt(): Promise<Uint8Array<ArrayBuffer>> {
  salt ??= (async () => {
    const db = new Dexie(DEVICE_DB_NAME) as Dexie & { kv: EntityTable<KvItem, 'key'> }
    db.version(1).stores({ kv: 'key' })
    try {
      const fresh = new Uint8Array(32)
      globalThis.crypto.getRandomValues(fresh)
      const hex = await db.transaction('rw', db.kv, async () => {
        const stored = (await db.kv.get('salt'))?.value
        if (typeof stored === 'string' && /^[0-9a-f]{64}$/.test(stored)) return stored
        await db.kv.put({ key: 'salt', value: toHex(fresh) })
        return toHex(fresh)
      })
      return fromHex(hex)
    } finally {
      db.close()
    }
  })()
  salt.catch(() => {
    salt = null
  })
  return salt
}

const hashes = new Map<string, Promise<string>>()

/** The owner hash of a fiscal code on this device (64 hex digits; see the module comment). */
export function ownerHash(cf: string): Promise<string> {
  const key = normaliseCf(cf)
  let h = hashes.get(key)
  if (!h) {
    h = (async () => {
      const subtle = globalThis.crypto.subtle
      const material = await subtle.importKey('raw', new TextEncoder().encode(key), 'PBKDF2', false, ['deriveBits'])
      const bits = await subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: await deviceSalt(), iterations: OWNER_HASH_ITERATIONS }, material, 256)
      return toHex(new Uint8Array(bits))
    })()
    hashes.set(key, h)
    h.catch(() => hashes.delete(key))
  }
  return h
}

/** Forgets the hashes computed in this page (they are keyed by fiscal code): called when a user leaves. */
export function forgetOwnerHashes(): void {
  hashes.clear()
}

/** Database name of an owner hash: `pd-` + its first 16 hex digits. */
export function dbNameOfOwner(owner: string): string {
  return `pd-${owner.slice(0, 16)}`
}

/** True for an owner hash (64 hex digits); false for a clear fiscal code of the previous version. */
export function isOwnerHash(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value)
}

/** Name of a user's database in the previous version: `pd-` + sha256(normalised fiscal code)[0..16] (unsalted). */
export async function legacyDbName(cf: string): Promise<string> {
  return `pd-${(await sha256Hex(normaliseCf(cf))).slice(0, 16)}`
}

/** Test hook: forgets the salt and the hashes kept in memory. */
export function resetDeviceForTests(): void {
  salt = null
  hashes.clear()
}
