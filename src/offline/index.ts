/**
 * Feature entry of the offline library (ARCHITECTURE.md "The offline outbox"; README "Architecture in
 * brief"): what a feature needs to queue writes and read the device's data. The app shell and the sync
 * centre use the second entry, ./shell.ts. Nothing outside src/offline imports another file of the library
 * (ESLint `no-restricted-imports`, tests/unit/layers.test.ts); tests may.
 *
 * Typical use by a feature:
 *   registerHandler('servizio.crea', { send: (e, ctx) => ctx.post('servizio', body(e.payload)), applyResult })
 *   const role = roleContextFromSession()
 *   await enqueue({ kind: 'servizio.crea', payload, roleContext: role, record: { tipo: 'servizio', idLocale, data } })
 *   const rows = useOfflineQuery('servizi', (db) => records.query('servizio', undefined, db))
 * Local records and the cache are read and written through `records` and `cache` only (a write together with
 * its outbox entry: `enqueue` with `record`, one transaction; several record changes at once:
 * `records.transaction`).
 */
export type { LocalRecord, OutboxEntry, RecordSyncState } from './types'
export { userDb, type OfflineDb } from './db'
export { enqueue, outbox } from './outbox'
export { records } from './records'
export { cache } from './cache'
export { registerHandler, type ConflictSupport } from './handlers'
export { connectivity, useConnectivity } from '../api/connectivity'
export { useEntries, useOfflineQuery } from './status'
export { roleContextFromSession } from './session-bridge'
export { onOfflineEvent } from './events'
export { EntryNotEditableError, StorageFullError } from './errors'
