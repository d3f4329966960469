/**
 * Public API of the offline library (the only module features import). See ARCHITECTURE.md
 * "The offline outbox" and the module comments for the behaviour.
 *
 * Typical use by a feature:
 *   registerHandler('servizio.crea', { send: (e, ctx) => ctx.post('servizio', body(e.payload)), applyResult })
 *   const role = roleContextFromSession()
 *   await enqueue({ kind: 'servizio.crea', payload, roleContext: role, record: { tipo: 'servizio', idLocale, data } })
 * and in the shell: `startOfflineSession()` once; `useSyncStatus()` for the header; `useEntries()`,
 * `retryEntry`, `updateEntryPayload`, `discardEntry`, `exportEntries` in the sync centre.
 */
export type {
  CacheItem,
  EntryError,
  EntryStatus,
  FailureReason,
  LocalRecord,
  OutboxEntry,
  RecordRef,
  RecordSyncState,
  RecordTipo,
  RoleContext,
  RoleProfile,
  EntryRoleContext,
} from './types'
export { OPEN_STATUSES } from './types'
export { newUuid } from './ids'
export { openUserDb, closeUserDb, currentDb, currentDbOwner, userDbName, type OfflineDb } from './db'
export {
  enqueue,
  getEntry,
  listEntries,
  counts,
  updateEntryPayload,
  retryEntry,
  discardEntry,
  exportEntries,
  type EnqueueOp,
  type EnqueueRecord,
  type OutboxCounts,
  type OutboxExport,
} from './outbox'
export { getRecord, listRecords, putServerRecords, deriveSyncState } from './records'
export { cacheGet, cacheSet, cacheDelete } from './cache'
export {
  registerHandler,
  resultOf,
  type OutboxHandler,
  type SendContext,
  type ParentResult,
  type OutboxRequest,
  type OutboxMethod,
  type Transport,
} from './handlers'
export { classifyFailure, type Classification, type FailureClass } from './classify'
export { nextDelay, BACKOFF_BASE_MS, BACKOFF_CAP_MS } from './backoff'
export { runReplay, configureReplay, DEPENDENCY_ATTENTION_MESSAGE, type ReplayResult } from './replay'
export { syncNow, startSync, handleBackgroundSync, registerBackgroundSync, BACKGROUND_SYNC_TAG, SW_SYNC_MESSAGE } from './sync'
export { useConnectivity, useNetworkAvailable, getConnectivity, checkConnectivity, type Connectivity } from './connectivity'
export { useSyncStatus, getSyncStatus, indicatorTexts, useEntries, useRecords, useCached, useOfflineQuery, type SyncStatus } from './status'
export { startOfflineSession, unsentCountForLogout, roleContextFromSession } from './session-bridge'
export { requestPersistentStorage, storageEstimate, type StorageEstimate } from './storage'
export { onOfflineEvent, AUTH_REQUIRED_MESSAGE, type OfflineEvents, type SyncReport } from './events'
export { StorageFullError, NoUserDbError, EntryNotEditableError, EntryNotFoundError, ConfirmationRequiredError, ForeignUserError } from './errors'
