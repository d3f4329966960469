/**
 * Shapes stored by the offline library (ARCHITECTURE.md "The offline outbox"): outbox entries, local
 * copies of field records, bootstrap cache items. Plain data only (everything is structured-cloned into
 * IndexedDB). Wire names stay Italian where they mirror the contract (`codiceRuolo`, `idProgramma`…).
 */
import type { FailureReason } from '../lib/failure-classify'

/** Lifecycle of an outbox entry.
 * - `pending`: saved on the device, waiting to be sent;
 * - `sending`: a request is in flight (persisted before the request; reverted to pending after a reload);
 * - `failed-retry`: the last attempt failed for a transient reason, retried at `nextAttemptAt`;
 * - `attention`: refused by the server (or waiting on a refused entry): needs the user (edit, retry, discard);
 * - `conflict`: an update/delete refused with 409 V01 (the record changed on the server since the edit was made,
 *   issue 27) whose three-way merge needs the user ('In conflitto'); its dependents wait for it;
 * - `paused-auth`: the session expired; resumes after the next login;
 * - `done`: acknowledged by the server (kept with its result for dependents, pruned later). */
export type EntryStatus = 'pending' | 'sending' | 'failed-retry' | 'attention' | 'conflict' | 'paused-auth' | 'done'

/** Entry statuses that still need to reach the server (everything but `done`). */
export const OPEN_STATUSES: readonly EntryStatus[] = ['pending', 'sending', 'failed-retry', 'attention', 'conflict', 'paused-auth']

/** The role profile of a write (header `userRole` and body ids). */
export interface RoleProfile {
  codiceRuolo: string
  idProgramma: number | null
  idProgetto: number | null
  idEnte: number | null
}

/**
 * The role profile a write is made in, as the session gives it (`roleContextFromSession`) to `enqueue`:
 * with the user's fiscal code, checked against the open database's user and never stored.
 */
export interface RoleContext extends RoleProfile {
  cfUtente: string
}

/**
 * The role context stored with an entry: replayed as header `userRole` and body ids, whatever the current
 * profile. `utente` is the owner hash of the database (`meta.owner`, see src/lib/device-owner.ts), never the fiscal code.
 */
export interface EntryRoleContext extends RoleProfile {
  utente: string
}

/** Why the last attempt failed (src/lib/failure-classify.ts). */
export type { FailureReason }

/** The last failure of an entry: reason, HTTP status and catalogue code when the server answered, and an Italian message. */
export interface EntryError {
  kind: FailureReason
  status?: number
  errorCode?: string | null
  message: string
}

/** Kinds of field records kept on the device. */
export type RecordTipo = 'servizio' | 'cittadino-servizio' | 'questionario'

/** Sync state shown next to a local record: saved on the device / being sent / confirmed / needs attention. */
export type RecordSyncState = 'locale' | 'invio' | 'confermato' | 'attenzione'

/** Reference to a local record (primary key `[tipo+idLocale]` of the `records` table). */
export interface RecordRef {
  tipo: RecordTipo
  idLocale: string
}

/** Local copy of a field entity (created or edited on the device, or fetched from the server). */
export interface LocalRecord<T = unknown> extends RecordRef {
  /** the server's id once known */
  idServer?: string | number
  /** the feature's payload (its own shape) */
  data: T
  syncState: RecordSyncState
  /** ms epoch */
  updatedAt: number
}

/** One queued write. `seq` gives the FIFO order; `dependsOn` lists entry ids that must be done first. */
export interface OutboxEntry<P = unknown> {
  id: string
  seq: number
  idempotencyKey: string
  kind: string
  payload: P
  roleContext: EntryRoleContext
  dependsOn: string[]
  status: EntryStatus
  /** requests sent so far (incremented when an attempt starts) */
  attempts: number
  lastError: EntryError | null
  /** ms epoch; 0 = as soon as possible */
  nextAttemptAt: number
  /** ms epoch */
  createdAt: number
  /** ms epoch of the last status change */
  updatedAt: number
  /** the local record this entry writes, if any */
  record: RecordRef | null
  /** `tipo|idLocale` of `record` (indexed), null without a record */
  recordKey: string | null
  /** short Italian description for the sync centre ("Servizio «Corso SPID» del 12-03-2025") */
  label?: string
  /** the server's answer, once done (read by dependents) */
  result?: unknown
  /** ms epoch, once done */
  doneAt?: number
  /** the server's record and the three sides of the merge, while the entry is `conflict` (issue 27) */
  conflitto?: EntryConflict
}

/**
 * What a `conflict` entry keeps (issue 27 point 3): the three sides of the three-way merge in the handler's
 * field shape (`base` the record when the edit was made, `mine` the edit, `theirs` the server's current
 * record), the server's `versione` to send the merged record with, when the server's record last changed
 * (ISO, when known) and the 409's raw `corrente`.
 */
export interface EntryConflict {
  base: Record<string, unknown>
  mine: Record<string, unknown>
  theirs: Record<string, unknown>
  versione: number
  modificatoIl: string | null
  corrente: unknown
  /** ms epoch of the 409 */
  at: number
}

/** A bootstrap item fetched for offline use (own services, template, sites, dropdowns…). */
export interface CacheItem<T = unknown> {
  key: string
  value: T
  /** ms epoch */
  fetchedAt: number
}

/** Small key/value facts of the database (`owner` hash, `seq` counter, `lastSyncAt`). */
export interface MetaItem {
  key: string
  value: unknown
}
