/**
 * The outbox (ARCHITECTURE.md outbox points 1, 2, 4, 8, 9): queued field writes, the source of truth until
 * the server acknowledges them. An entry and the local copy of its record are written in ONE Dexie
 * transaction; a quota error surfaces as {@link StorageFullError}, never swallowed. Entries are never
 * discarded automatically: only {@link discardEntry} with an explicit confirmation removes one.
 */
import type { OfflineDb } from './db'
import { currentDb, currentDbOwner, currentDbUser, normaliseCf, readMeta, requireDb } from './db'
import { ConfirmationRequiredError, EntryNotEditableError, EntryNotFoundError, ForeignUserError, StorageFullError, isDbClosedError, isQuotaError } from './errors'
import { emitOfflineEvent } from './events'
import { newUuid } from '../lib/ids'
import { recordKeyOf, refreshRecordState } from './records'
import { resolveConflict } from './conflicts'
import { OPEN_STATUSES, type EntryStatus, type OutboxEntry, type RecordRef, type RecordTipo, type RoleContext } from './types'

/** The local copy written together with an entry. */
export interface EnqueueRecord<T = unknown> {
  tipo: RecordTipo
  /** client uuid of the entity */
  idLocale: string
  data: T
  /** the server id, when the entity already exists there (updates) */
  idServer?: string | number
}

/** A field write to queue. */
export interface EnqueueOp<P = unknown, T = unknown> {
  /** operation kind, matching a registered handler ('servizio.crea', 'cittadino.aggiungi'…) */
  kind: string
  /** the data the handler needs to build its request */
  payload: P
  /** the role profile the write is made in (see `roleContextFromSession`); stored with the owner hash instead of `cfUtente` */
  roleContext: RoleContext
  /** entry ids that must be acknowledged first (their results are passed to the handler's `resolve`) */
  dependsOn?: string[]
  /** the local record this write creates or changes */
  record?: EnqueueRecord<T>
  /** short Italian description for the sync centre */
  label?: string
  /** the idempotency key to use (a write first tried online with this key, then queued); a new one otherwise */
  idempotencyKey?: string
}

/** Counters of the outbox by status (`waiting` = pending + failed-retry). */
export interface OutboxCounts {
  pending: number
  sending: number
  failedRetry: number
  attention: number
  /** refused with 409 V01, waiting for the user's choice ('In conflitto', issue 27) */
  conflict: number
  pausedAuth: number
  done: number
  /** open entries (everything but done) */
  open: number
}

/** Exported file (`exportEntries`). */
export interface OutboxExport {
  formato: 'punto-digitale/outbox'
  version: 1
  /** the logged user's fiscal code (the file is the user's own download; the device stores only its hash) */
  user: string | null
  /** ISO 8601 */
  exportedAt: string
  entries: OutboxEntry[]
}

const NOT_DONE: EntryStatus[] = ['pending', 'sending', 'failed-retry', 'attention', 'conflict', 'paused-auth']

/** Runs a storage operation: quota → StorageFullError (+ 'storage-full' event); a lost connection → reopen and retry once. */
export async function withStorageErrors<T>(db: OfflineDb, op: () => Promise<T>): Promise<T> {
  try {
    return await op()
  } catch (e) {
    if (isQuotaError(e)) throw storageFull(e)
    if (isDbClosedError(e) && currentDb() === db) {
      await db.open()
      try {
        return await op()
      } catch (e2) {
        if (isQuotaError(e2)) throw storageFull(e2)
        throw e2
      }
    }
    throw e
  }
}

function storageFull(cause: unknown): StorageFullError {
  const err = new StorageFullError({ cause })
  emitOfflineEvent('storage-full', { message: err.message })
  return err
}

async function nextSeq(db: OfflineDb): Promise<number> {
  const seq = ((await readMeta<number>(db, 'seq')) ?? 0) + 1
  await db.meta.put({ key: 'seq', value: seq })
  return seq
}

/**
 * Queues a field write: stores the entry (new uuid, new idempotency key, status pending) and the local copy
 * of its record (syncState 'locale') in one transaction. The entry also waits for the previous open entry of
 * the same record, so two edits of one record reach the server in order.
 * Throws {@link StorageFullError} when the device is full, {@link ForeignUserError} when the role context is
 * another user's, NoUserDbError when nobody is logged in.
 */
export async function enqueue<P, T = unknown>(op: EnqueueOp<P, T>, now: number = Date.now()): Promise<OutboxEntry<P>> {
  const db = requireDb()
  const user = currentDbUser()
  const owner = currentDbOwner()
  if (!user || !owner || normaliseCf(op.roleContext.cfUtente) !== user) throw new ForeignUserError()
  const { codiceRuolo, idProgramma, idProgetto, idEnte } = op.roleContext
  const record = op.record ? { tipo: op.record.tipo, idLocale: op.record.idLocale } : null
  const recordKey = record ? recordKeyOf(record) : null
  const entry = await withStorageErrors(db, () =>
    db.transaction('rw', [db.outbox, db.records, db.meta], async () => {
      const dependsOn = [...new Set(op.dependsOn ?? [])]
      if (recordKey) {
        const previous = (await db.outbox.where('recordKey').equals(recordKey).toArray())
          .filter((e) => e.status !== 'done')
          .sort((a, b) => b.seq - a.seq)[0]
        if (previous && !dependsOn.includes(previous.id)) dependsOn.push(previous.id)
      }
      const e: OutboxEntry<P> = {
        id: newUuid(),
        seq: await nextSeq(db),
        idempotencyKey: op.idempotencyKey ?? newUuid(),
        kind: op.kind,
        payload: op.payload,
        roleContext: { codiceRuolo, idProgramma, idProgetto, idEnte, utente: owner },
        dependsOn,
        status: 'pending',
        attempts: 0,
        lastError: null,
        nextAttemptAt: 0,
        createdAt: now,
        updatedAt: now,
        record,
        recordKey,
        ...(op.label ? { label: op.label } : {}),
      }
      await db.outbox.add(e as OutboxEntry)
      if (op.record) {
        const existing = await db.records.get([op.record.tipo, op.record.idLocale])
        const idServer = op.record.idServer ?? existing?.idServer
        await db.records.put({
          tipo: op.record.tipo,
          idLocale: op.record.idLocale,
          ...(idServer !== undefined ? { idServer } : {}),
          data: op.record.data,
          syncState: 'locale',
          updatedAt: now,
        })
      }
      return e
    }),
  )
  emitOfflineEvent('enqueued', { id: entry.id })
  return entry
}

/** One entry of the current user's outbox, or undefined. */
export async function getEntry(id: string): Promise<OutboxEntry | undefined> {
  return requireDb().outbox.get(id)
}

/** The current user's entries in FIFO order (`includeDone` adds the acknowledged ones still kept). */
export async function listEntries(opts: { includeDone?: boolean } = {}): Promise<OutboxEntry[]> {
  const db = requireDb()
  const rows = await db.outbox.orderBy('seq').toArray()
  return opts.includeDone ? rows : rows.filter((e) => e.status !== 'done')
}

/** Counts of the current user's entries by status. */
export async function counts(): Promise<OutboxCounts> {
  return countEntries(requireDb())
}

/** Counts of a database's entries by status (used by the status store). */
export async function countEntries(db: OfflineDb): Promise<OutboxCounts> {
  const n = (s: EntryStatus) => db.outbox.where('status').equals(s).count()
  const [pending, sending, failedRetry, attention, conflict, pausedAuth, done] = await Promise.all([
    n('pending'),
    n('sending'),
    n('failed-retry'),
    n('attention'),
    n('conflict'),
    n('paused-auth'),
    n('done'),
  ])
  return { pending, sending, failedRetry, attention, conflict, pausedAuth, done, open: pending + sending + failedRetry + attention + conflict + pausedAuth }
}

/** True when the last attempt was refused by the server (4xx): the request was not applied. */
function refusedByServer(e: OutboxEntry): boolean {
  const s = e.lastError?.status
  return typeof s === 'number' && s >= 400 && s < 500
}

/** True when the server cannot have applied the entry: never sent, refused, or parked before sending. */
function surelyNotApplied(e: OutboxEntry): boolean {
  return e.attempts === 0 || refusedByServer(e)
}

/**
 * Edits the payload of an entry that the server has not applied (never sent, or refused with a 4xx:
 * typically 'richiede attenzione') and puts it back to pending. A refused entry gets a new idempotency
 * key, because its request changes. Entries parked because of this one go back to pending too.
 * `recordData` replaces the local copy's data. Throws {@link EntryNotEditableError} while sending, once
 * done, or when an earlier attempt may have reached the server (it must be sent as it is first), and —
 * with `expectedUpdatedAt` (the entry's `updatedAt` when the editor opened) — when the entry changed since
 * (another tab edited it, or an attempt ran): an explicit conflict instead of a silent overwrite
 * (offline-field-systems §2 no. 2).
 */
export async function updateEntryPayload<P>(id: string, payload: P, opts: { recordData?: unknown; label?: string; now?: number; expectedUpdatedAt?: number } = {}): Promise<OutboxEntry<P>> {
  const db = requireDb()
  const now = opts.now ?? Date.now()
  return withStorageErrors(db, () =>
    db.transaction('rw', [db.outbox, db.records], async () => {
      const e = await db.outbox.get(id)
      if (!e) throw new EntryNotFoundError(id)
      if (e.status === 'sending' || e.status === 'done') throw new EntryNotEditableError("L'operazione è in invio o già inviata: non si può modificare.")
      if (opts.expectedUpdatedAt !== undefined && e.updatedAt !== opts.expectedUpdatedAt) {
        throw new EntryNotEditableError("L'operazione è cambiata nel frattempo (forse in un'altra scheda): chiudi e riaprila per vedere la versione aggiornata. La tua modifica non è stata salvata.")
      }
      if (!surelyNotApplied(e)) {
        throw new EntryNotEditableError("L'operazione potrebbe essere già arrivata al server: attendi che l'invio si concluda prima di modificarla.")
      }
      const updated: OutboxEntry<P> = {
        ...(e as OutboxEntry<P>),
        payload,
        idempotencyKey: refusedByServer(e) ? newUuid() : e.idempotencyKey,
        status: 'pending',
        lastError: null,
        nextAttemptAt: 0,
        updatedAt: now,
        ...(opts.label ? { label: opts.label } : {}),
      }
      await db.outbox.put(updated as OutboxEntry)
      if (e.record && opts.recordData !== undefined) {
        const rec = await db.records.get([e.record.tipo, e.record.idLocale])
        if (rec) await db.records.put({ ...rec, data: opts.recordData, updatedAt: now })
      }
      await unparkDependents(db, id, now)
      if (e.record) await refreshRecordState(db, e.record, now)
      return updated
    }),
  )
}

/**
 * Sends an entry again as soon as possible ('Riprova'): failed-retry, attention or paused-auth → pending,
 * backoff cleared. An entry refused with a 4xx gets a new idempotency key (it was not applied, and the
 * server may have stored the refusal under the old key).
 */
export async function retryEntry(id: string, now: number = Date.now()): Promise<OutboxEntry> {
  const db = requireDb()
  const updated = await withStorageErrors(db, () =>
    db.transaction('rw', [db.outbox, db.records], async () => {
      const e = await db.outbox.get(id)
      if (!e) throw new EntryNotFoundError(id)
      if (e.status === 'sending' || e.status === 'done') return e
      const next: OutboxEntry = {
        ...e,
        idempotencyKey: refusedByServer(e) ? newUuid() : e.idempotencyKey,
        status: 'pending',
        nextAttemptAt: 0,
        updatedAt: now,
      }
      await db.outbox.put(next)
      await unparkDependents(db, id, now)
      if (e.record) await refreshRecordState(db, e.record, now)
      return next
    }),
  )
  emitOfflineEvent('enqueued', { id })
  return updated
}

/** Dependents parked because of `id` (transitively) go back to pending; the replay re-checks them. */
async function unparkDependents(db: OfflineDb, id: string, now: number): Promise<void> {
  const queue = [id]
  const seen = new Set<string>()
  while (queue.length) {
    const parent = queue.shift() as string
    if (seen.has(parent)) continue
    seen.add(parent)
    const deps = await db.outbox.where('dependsOn').equals(parent).toArray()
    for (const d of deps) {
      if (d.status === 'attention' && d.lastError?.kind === 'dependency') {
        await db.outbox.put({ ...d, status: 'pending', lastError: null, nextAttemptAt: 0, updatedAt: now })
        if (d.record) await refreshRecordState(db, d.record, now)
        queue.push(d.id)
      }
    }
  }
}

/**
 * Discards an entry — only with `{ confirmed: true }` (the sync centre's confirmed action), never while it
 * is being sent, never once done. The local copy of a record that never reached the server and has no
 * other entry is deleted with it. Entries that depend on it are parked as 'attention'.
 * Throws {@link ConfirmationRequiredError} without the confirmation.
 */
export async function discardEntry(id: string, opts: { confirmed: true }, now: number = Date.now()): Promise<void> {
  if (opts?.confirmed !== true) throw new ConfirmationRequiredError()
  const db = requireDb()
  await withStorageErrors(db, () =>
    db.transaction('rw', [db.outbox, db.records], async () => {
      const e = await db.outbox.get(id)
      if (!e) throw new EntryNotFoundError(id)
      if (e.status === 'sending') throw new EntryNotEditableError("L'operazione è in invio: attendi la fine dell'invio.")
      if (e.status === 'done') throw new EntryNotEditableError("L'operazione è già stata inviata.")
      await db.outbox.delete(id)
      const dependents = await db.outbox.where('dependsOn').equals(id).toArray()
      for (const d of dependents) {
        if (d.status === 'done' || d.status === 'sending') continue
        await db.outbox.put({
          ...d,
          status: 'attention',
          lastError: { kind: 'dependency', message: "L'operazione da cui dipende è stata scartata: questa non può essere inviata così com'è." },
          updatedAt: now,
        })
        if (d.record) await refreshRecordState(db, d.record, now)
      }
      if (e.record && e.recordKey) {
        const others = (await db.outbox.where('recordKey').equals(e.recordKey).toArray()).filter((o) => NOT_DONE.includes(o.status))
        const rec = await db.records.get([e.record.tipo, e.record.idLocale])
        if (rec && rec.idServer === undefined && others.length === 0) await db.records.delete([e.record.tipo, e.record.idLocale])
        else await refreshRecordState(db, e.record, now)
      }
    }),
  )
}

/**
 * Every entry of the current user (acknowledged ones still kept included) as a JSON document, ready for
 * `new Blob([json], { type: 'application/json' })`: `{ formato, version: 1, user, exportedAt, entries }`.
 */
export async function exportEntries(now: Date = new Date()): Promise<string> {
  const db = requireDb()
  const entries = await db.outbox.orderBy('seq').toArray()
  const doc: OutboxExport = { formato: 'punto-digitale/outbox', version: 1, user: currentDbUser(), exportedAt: now.toISOString(), entries }
  return JSON.stringify(doc, null, 2)
}

/** The open entries (not acknowledged) writing a record, oldest first; `db` defaults to the open database. */
export async function openEntriesOf(ref: RecordRef, db: OfflineDb = requireDb()): Promise<OutboxEntry[]> {
  const rows = await db.outbox.where('recordKey').equals(recordKeyOf(ref)).toArray()
  return rows.filter((e) => OPEN_STATUSES.includes(e.status)).sort((a, b) => a.seq - b.seq)
}

/** Every entry of a kind, acknowledged ones still kept included (the `kind` index). */
export async function entriesOfKind(kind: string, db: OfflineDb = requireDb()): Promise<OutboxEntry[]> {
  return db.outbox.where('kind').equals(kind).toArray()
}

/**
 * Replaces an entry's stored payload and nothing else (no status, key or record change): for a handler's
 * `applyResult` dropping what is no longer needed once the server has the data (run inside its transaction,
 * with the database it was given).
 */
export async function replacePayload(id: string, payload: unknown, db: OfflineDb = requireDb()): Promise<void> {
  await db.outbox.update(id, { payload })
}

/**
 * The outbox API of the feature entry: `list`, `get`, `openOf`, `ofKind` (reads); `updatePayload`, `retry`,
 * `discard`, `replacePayload`, `resolveConflict` (changes; the last one sends the user's choice for an entry
 * 'In conflitto', issue 27); `counts`, `export` (the sync centre).
 */
export const outbox = {
  list: listEntries,
  get: getEntry,
  openOf: openEntriesOf,
  ofKind: entriesOfKind,
  updatePayload: updateEntryPayload,
  retry: retryEntry,
  discard: discardEntry,
  replacePayload,
  resolveConflict,
  counts,
  export: exportEntries,
}
