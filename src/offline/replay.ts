/**
 * The replay engine (ARCHITECTURE.md outbox points 3–5). One run:
 * 1. takes the user's flusher lock (`pd-outbox-<db hash>`, Web Locks, `ifAvailable`): another tab or run
 *    already flushing → this run does nothing;
 * 2. reverts `sending` entries to `pending` (their flusher died mid-request, e.g. a reload; the same
 *    idempotency key makes the resend safe) and resumes `paused-auth` entries once a new token exists;
 * 3. walks the open entries by `seq` (FIFO). An entry whose dependency is pending/sending/retrying/paused
 *    waits (independent entries keep going in order); whose dependency needs attention, or was discarded,
 *    is parked as attention; whose dependencies are done gets their server results through its handler's
 *    `resolve`. Each send is persisted as `sending` first;
 * 4. classifies failures (classify.ts): retry → `failed-retry` with backoff (network/timeout/unavailable/429
 *    stop the run); attention → the server's message; 401 → `refreshTokens()` once and resend once, else every
 *    waiting entry becomes `paused-auth` and 'auth-required' is emitted ("nessun dato andrà perso"). A
 *    session already marked expired (src/auth/session-end.ts) sends nothing: its waiting entries are paused
 *    the same way at once (issue 24 point 7).
 * 5. a 409 V01 of an update/delete whose handler knows its versions (issue 27, ./conflicts.ts): the three-way merge
 *    of base, mine and the server's `corrente`; without a field changed on both sides the merged record is sent
 *    at once with the server's version, else the entry becomes `conflict` ('In conflitto') for the sync centre,
 *    and the entries depending on it wait.
 * Done entries keep the server's answer for their dependents and are pruned after {@link DONE_RETENTION_MS}
 * once nothing open depends on them.
 */
import type { StandardSchemaV1 } from 'ky'
import type { OfflineDb } from './db'
import { nextDelay } from './backoff'
import { classifyFailure, stopsTheRun, type Classification } from '../lib/failure-classify'
import { reportReachable, reportUnreachable } from '../api/connectivity'
import { StorageFullError, isDbClosedError, isQuotaError } from './errors'
import { AUTH_REQUIRED_MESSAGE, emitOfflineEvent, type SyncReport } from './events'
import { conflictOutcome, isVersionConflict, MAX_AUTOMATIC_MERGES } from './conflicts'
import { getHandler, InvalidAnswerError, type OutboxHandler, type OutboxMethod, type ParentResult, type SendContext, type Transport } from './handlers'
import { defaultLockManager, runExclusive, type LockManagerLike } from './locks'
import { refreshRecordState } from './records'
import { httpTransport } from './transport'
import { readAuth, readSessionExpired } from '../auth/token-store'
import type { EntryError, OutboxEntry } from './types'

/** Message of an entry parked because an entry it depends on needs attention. */
export const DEPENDENCY_ATTENTION_MESSAGE = "In attesa di un'operazione che richiede attenzione."
export const DEPENDENCY_MISSING_MESSAGE = "L'operazione da cui dipende non è più presente: questa non può essere inviata così com'è."
export const NO_HANDLER_MESSAGE = "Tipo di operazione non riconosciuto da questa versione dell'applicazione: aggiornala, poi riprova."
/** Done entries older than this are pruned when nothing open depends on them (ms). */
export const DONE_RETENTION_MS = 7 * 24 * 3600_000
/** Safety bound on passes per run (each pass walks the whole queue). */
const MAX_PASSES = 20

export interface ReplayOptions {
  transport: Transport
  /** refreshes the tokens; true when new tokens were stored */
  refreshTokens: () => Promise<boolean>
  locks: LockManagerLike
  now: () => number
  random: () => number
  /** the current ID token (a new one resumes paused entries) */
  currentToken: () => string | null
  /** true while the session's tokens are known expired: nothing is sent, the waiting entries pause */
  sessionExpired: () => boolean
}

const defaults = (): ReplayOptions => ({
  transport: httpTransport,
  refreshTokens: async () => (await import('../auth/refresh')).refreshTokens(),
  locks: defaultLockManager(),
  now: () => Date.now(),
  random: Math.random,
  currentToken: () => readAuth()?.id_token ?? null,
  sessionExpired: readSessionExpired,
})

let options: ReplayOptions = defaults()
/** the token that was refused with 401 after a refresh; another token resumes the paused entries */
let rejectedToken: string | null | undefined

/** Overrides parts of the engine's dependencies (transport, refresh, locks, clock, random). */
export function configureReplay(partial: Partial<ReplayOptions>): void {
  options = { ...options, ...partial }
}

/** Test hook: default dependencies, no remembered refused token. */
export function resetReplayForTests(): void {
  options = defaults()
  rejectedToken = undefined
}

/** Result of {@link runReplay}: `ran` false when another flusher held the lock. */
export type ReplayResult = SyncReport & { ran: boolean }

const emptyReport = (): SyncReport => ({ sent: 0, retrying: 0, attention: 0, stopped: null })

/** Name of the user's flusher lock (db name hash, never the fiscal code). */
export function lockNameOf(db: OfflineDb): string {
  return `pd-outbox-${db.name.replace(/^pd-/, '')}`
}

export interface RunOptions {
  /** ignore backoff delays and resume paused-auth entries ('Sincronizza ora', network back) */
  force?: boolean
  signal?: AbortSignal
}

/** One replay run on `db` under the flusher lock (see the module comment). Failures end up in the report, never thrown. */
export async function runReplay(db: OfflineDb, opts: RunOptions = {}): Promise<ReplayResult> {
  const res = await runExclusive(options.locks, lockNameOf(db), () => replayLocked(db, opts))
  return res.ran ? { ...res.value, ran: true } : { ...emptyReport(), ran: false }
}

async function replayLocked(db: OfflineDb, opts: RunOptions): Promise<SyncReport> {
  emitOfflineEvent('sync-start', {})
  const report = emptyReport()
  try {
    await recoverInterrupted(db)
    if (options.sessionExpired()) {
      // the server would refuse every entry: they wait for the next login, nothing is tried
      if ((await pauseWaiting(db, options.now())) > 0 || (await db.outbox.where('status').equals('paused-auth').count()) > 0) {
        emitOfflineEvent('auth-required', { message: AUTH_REQUIRED_MESSAGE })
      }
      report.stopped = 'auth'
      return report
    }
    await resumePausedIfNewToken(db, opts.force === true)
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const progressed = await onePass(db, opts, report)
      if (report.stopped || !progressed || opts.signal?.aborted) break
    }
    if (!report.stopped) {
      if (report.sent > 0 || (await db.outbox.where('status').anyOf('pending', 'failed-retry', 'sending').count()) === 0) {
        await db.meta.put({ key: 'lastSyncAt', value: options.now() })
      }
      await pruneDone(db)
    }
  } catch (e) {
    // entries stay as they are (at worst 'sending', recovered at the next run)
    report.stopped = isDbClosedError(e) ? 'closed' : 'error'
    if (isQuotaError(e)) emitOfflineEvent('storage-full', { message: new StorageFullError().message })
  } finally {
    emitOfflineEvent('sync-end', { ...report })
  }
  return report
}

/**
 * `sending` → `pending` (an interrupted flusher). Called under the flusher lock: with Web Locks nobody else
 * is sending. With the in-memory fallback (no Web Locks) another tab might be; a resend then carries the
 * same Idempotency-Key, which the server answers once (concurrent repeats included).
 */
export async function recoverInterrupted(db: OfflineDb): Promise<number> {
  const now = options.now()
  return db.transaction('rw', [db.outbox, db.records], async () => {
    const stuck = await db.outbox.where('status').equals('sending').toArray()
    for (const e of stuck) {
      await db.outbox.put({ ...e, status: 'pending', updatedAt: now })
      if (e.record) await refreshRecordState(db, e.record, now)
    }
    return stuck.length
  })
}

async function resumePausedIfNewToken(db: OfflineDb, force: boolean): Promise<void> {
  const token = options.currentToken()
  if (!force && (token === null || token === rejectedToken)) return
  await resumePausedAuth(db)
}

/** `paused-auth` → `pending` (after a new login); returns how many were resumed. */
export async function resumePausedAuth(db: OfflineDb): Promise<number> {
  const now = options.now()
  return db.transaction('rw', [db.outbox, db.records], async () => {
    const paused = await db.outbox.where('status').equals('paused-auth').toArray()
    for (const e of paused) {
      await db.outbox.put({ ...e, status: 'pending', nextAttemptAt: 0, updatedAt: now })
      if (e.record) await refreshRecordState(db, e.record, now)
    }
    return paused.length
  })
}

async function saveEntry(db: OfflineDb, entry: OutboxEntry): Promise<OutboxEntry> {
  await db.transaction('rw', [db.outbox, db.records], async () => {
    await db.outbox.put(entry)
    if (entry.record) await refreshRecordState(db, entry.record, entry.updatedAt)
  })
  return entry
}

const park = (e: OutboxEntry, lastError: EntryError, now: number): OutboxEntry => ({ ...e, status: 'attention', lastError, updatedAt: now })

/** One walk of the queue in `seq` order; true when at least one entry was acknowledged. */
async function onePass(db: OfflineDb, opts: RunOptions, report: SyncReport): Promise<boolean> {
  const open = await db.outbox.where('status').anyOf('pending', 'failed-retry', 'attention', 'conflict', 'paused-auth').sortBy('seq')
  const byId = new Map(open.map((e) => [e.id, e]))
  let progressed = false
  for (const listed of open) {
    if (opts.signal?.aborted) break
    const entry = byId.get(listed.id) ?? listed
    if (entry.status !== 'pending' && entry.status !== 'failed-retry') continue
    const now = options.now()
    if (entry.status === 'failed-retry' && entry.nextAttemptAt > now && !opts.force) continue

    const parents: ParentResult[] = []
    let waiting = false
    let parked: EntryError | null = null
    for (const depId of entry.dependsOn) {
      const dep = byId.get(depId) ?? (await db.outbox.get(depId))
      if (dep) byId.set(dep.id, dep)
      if (!dep) parked = { kind: 'dependency', message: DEPENDENCY_MISSING_MESSAGE }
      else if (dep.status === 'done') parents.push({ id: dep.id, kind: dep.kind, result: dep.result })
      else if (dep.status === 'attention') parked = { kind: 'dependency', message: DEPENDENCY_ATTENTION_MESSAGE }
      // a conflicted parent (issue 27): wait for the user's choice, then go on by themselves
      else waiting = true
      if (parked) break
    }
    if (parked) {
      byId.set(entry.id, await saveEntry(db, park(entry, parked, now)))
      report.attention++
      continue
    }
    if (waiting) continue

    const handler = getHandler(entry.kind)
    if (!handler) {
      byId.set(entry.id, await saveEntry(db, park(entry, { kind: 'no-handler', message: NO_HANDLER_MESSAGE }, now)))
      report.attention++
      continue
    }
    let payload = entry.payload
    if (handler.resolve) {
      const relevant = handler.dependsOnKinds ? parents.filter((p) => handler.dependsOnKinds?.includes(p.kind)) : parents
      try {
        payload = handler.resolve(entry.payload, relevant)
      } catch (e) {
        const message = e instanceof Error && e.message ? e.message : DEPENDENCY_MISSING_MESSAGE
        byId.set(entry.id, await saveEntry(db, park(entry, { kind: 'dependency', message }, now)))
        report.attention++
        continue
      }
    }
    const outcome = await sendOne(db, { ...entry, payload }, handler, opts, report)
    byId.set(entry.id, outcome.entry)
    if (outcome.entry.status === 'done') progressed = true
    if (outcome.stop) {
      report.stopped = outcome.stop
      break
    }
  }
  return progressed
}

function makeContext(entry: OutboxEntry, signal: AbortSignal | undefined): SendContext {
  const request = async <T>(method: OutboxMethod, path: string, body?: unknown, schema?: StandardSchemaV1<unknown, T>): Promise<T> => {
    const data = await options.transport({ method, path, body, idempotencyKey: entry.idempotencyKey, roleContext: entry.roleContext, signal })
    if (!schema) return data as T
    const checked = await schema['~standard'].validate(data)
    if (checked.issues) throw new InvalidAnswerError(checked.issues)
    return checked.value
  }
  return {
    request,
    post: (path, body, schema) => request('POST', path, body, schema),
    put: (path, body, schema) => request('PUT', path, body, schema),
    delete: (path, schema) => request('DELETE', path, undefined, schema),
    signal: signal ?? new AbortController().signal,
  }
}

interface SendOutcome {
  entry: OutboxEntry
  stop: SyncReport['stopped']
}

async function sendOne(db: OfflineDb, entry: OutboxEntry, handler: OutboxHandler, opts: RunOptions, report: SyncReport, merges = 0): Promise<SendOutcome> {
  const sending = await saveEntry(db, { ...entry, status: 'sending', attempts: entry.attempts + 1, updatedAt: options.now() })
  let result: unknown
  let failure: Classification | null = null
  let refreshed = false
  let renewed = false
  // the token the last attempt went out with: a 401 refuses that token, not one stored since (a new login)
  let tokenSent: string | null = null
  let thrown: unknown
  for (;;) {
    try {
      tokenSent = options.currentToken()
      result = await handler.send(sending, makeContext(sending, opts.signal))
      break
    } catch (err) {
      thrown = err
      const c = handler.classifyError?.(err, sending) ?? classifyFailure(err)
      // a new login happened while the request was out: the refused token is the one before it, the new one
      // has not been tried yet (once)
      if (c.class === 'auth' && !renewed && options.currentToken() !== tokenSent) {
        renewed = true
        continue
      }
      if (c.class === 'auth' && !refreshed) {
        refreshed = true
        const ok = await options.refreshTokens().catch(() => false)
        if (ok) continue
      }
      failure = c
      break
    }
  }
  const now = options.now()
  // aborted by this page (logout closed the database): leave it 'sending', recovered at the next run
  if (failure && opts.signal?.aborted) return { entry: sending, stop: 'closed' }
  if (!failure || failure.class === 'done-duplicate') {
    reportReachable()
    report.sent++
    return { entry: await markDone(db, sending, handler, result ?? null, now), stop: null }
  }
  const lastError: EntryError = { kind: failure.reason, message: failure.message, ...(failure.status !== undefined ? { status: failure.status } : {}), ...(failure.errorCode !== undefined ? { errorCode: failure.errorCode } : {}) }
  if (failure.class === 'retry') {
    if (failure.reason === 'network' || failure.reason === 'timeout') reportUnreachable()
    else reportReachable()
    report.retrying++
    const next: OutboxEntry = { ...sending, status: 'failed-retry', lastError, nextAttemptAt: now + nextDelay(sending.attempts, options.random), updatedAt: now }
    return { entry: await saveEntry(db, next), stop: stopsTheRun(failure) ? 'offline' : null }
  }
  if (failure.class === 'auth') {
    reportReachable()
    const paused = await pauseForAuth(db, sending, lastError, now, tokenSent)
    return { entry: paused, stop: 'auth' }
  }
  reportReachable()
  if (handler.conflict && isVersionConflict(failure)) {
    const outcome = conflictOutcome(sending, handler.conflict, thrown, lastError, now, merges < MAX_AUTOMATIC_MERGES)
    if (outcome.resend) return sendOne(db, await saveEntry(db, outcome.entry), handler, opts, report, merges + 1)
    if (outcome.entry.status === 'conflict') {
      report.attention++
      return { entry: await saveEntry(db, outcome.entry), stop: null }
    }
  }
  report.attention++
  return { entry: await saveEntry(db, park(sending, lastError, now)), stop: null }
}

async function markDone(db: OfflineDb, sending: OutboxEntry, handler: OutboxHandler, result: unknown, now: number): Promise<OutboxEntry> {
  const done: OutboxEntry = { ...sending, status: 'done', result, doneAt: now, lastError: null, nextAttemptAt: 0, updatedAt: now }
  try {
    await db.transaction('rw', [db.outbox, db.records, db.cache, db.meta], async () => {
      await db.outbox.put(done)
      await handler.applyResult?.(db, done, result)
      if (done.record) await refreshRecordState(db, done.record, now)
    })
    return done
  } catch (e) {
    if (isDbClosedError(e)) throw e
    // the server has it: never resend because the local update failed; note it for the sync centre
    const noted: OutboxEntry = { ...done, lastError: { kind: 'unknown', message: 'Dato inviato al server; aggiornamento della copia locale non riuscito.' } }
    return saveEntry(db, noted)
  }
}

/**
 * 401 after a refresh: the entry and every waiting one become `paused-auth`; emits 'auth-required'.
 * `refused` is the token the request carried: another one (a new login) resumes them.
 */
async function pauseForAuth(db: OfflineDb, sending: OutboxEntry, lastError: EntryError, now: number, refused: string | null): Promise<OutboxEntry> {
  rejectedToken = refused
  const paused: OutboxEntry = { ...sending, status: 'paused-auth', lastError, updatedAt: now }
  await db.transaction('rw', [db.outbox, db.records], async () => {
    await db.outbox.put(paused)
    if (paused.record) await refreshRecordState(db, paused.record, now)
    await pauseWaiting(db, now)
  })
  emitOfflineEvent('auth-required', { message: AUTH_REQUIRED_MESSAGE })
  return paused
}

/** Every waiting entry (pending, failed-retry) becomes `paused-auth`; returns how many. */
async function pauseWaiting(db: OfflineDb, now: number): Promise<number> {
  return db.transaction('rw', [db.outbox, db.records], async () => {
    const waiting = await db.outbox.where('status').anyOf('pending', 'failed-retry').toArray()
    for (const e of waiting) {
      await db.outbox.put({ ...e, status: 'paused-auth', updatedAt: now })
      if (e.record) await refreshRecordState(db, e.record, now)
    }
    return waiting.length
  })
}

/** Deletes done entries older than the retention that no open entry depends on. */
async function pruneDone(db: OfflineDb): Promise<void> {
  const limit = options.now() - DONE_RETENTION_MS
  const old = (await db.outbox.where('status').equals('done').toArray()).filter((e) => (e.doneAt ?? e.updatedAt) < limit)
  if (old.length === 0) return
  await db.transaction('rw', [db.outbox], async () => {
    for (const e of old) {
      const dependents = await db.outbox.where('dependsOn').equals(e.id).toArray()
      if (dependents.every((d) => d.status === 'done')) await db.outbox.delete(e.id)
    }
  })
}
