/**
 * Version conflicts of the replay (issue 27 point 3). An update or delete entry carries the version of the record
 * its edit was made on; the server answers 409 V01 with `corrente` (the record as it is now) when the record moved
 * on meanwhile. The entry's handler ({@link ConflictSupport}) gives the three sides of the three-way merge
 * (src/lib/merge3.ts) — `base` (the device's copy when the edit was made), `mine` (the edit), `theirs` (`corrente`):
 * - no field changed on both sides → the merged record is sent at once with the server's version, nothing asked
 *   (at most {@link MAX_AUTOMATIC_MERGES} times in a row: a record changing under every attempt ends up asked);
 * - otherwise (or a handler that never merges alone, e.g. a delete) → status `conflict` ('In conflitto'), the
 *   entry keeping the three sides and `corrente` for the sync centre, which sends the user's choice through
 *   {@link resolveConflict}.
 */
import type { OfflineDb } from './db'
import { requireDb } from './db'
import { EntryNotEditableError, EntryNotFoundError } from './errors'
import { emitOfflineEvent } from './events'
import { getHandler, type CampiRecord, type ConflictSupport } from './handlers'
import { newUuid } from '../lib/ids'
import { merge3 } from '../lib/merge3'
import type { Classification } from '../lib/failure-classify'
import { refreshRecordState } from './records'
import type { EntryError, OutboxEntry } from './types'

/** Merges sent without asking in one send before the entry is left to the user. */
export const MAX_AUTOMATIC_MERGES = 3

/** Message of a `conflict` entry (the sync centre shows it with 'In conflitto'). */
export const CONFLICT_MESSAGE = 'Il record è stato modificato da altri dopo la tua modifica: confronta le due versioni e scegli cosa salvare.'

/** True for the failure of a version conflict (409 V01). */
export function isVersionConflict(c: Classification): boolean {
  return c.status === 409 && c.errorCode === 'V01'
}

type Shape = { corrente?: unknown; data?: unknown; cause?: unknown } | null | undefined

/** The `corrente` of a 409 V01 answer from whatever the transport threw (ApiCallError → ky HTTPError → parsed body). */
export function correnteOf(err: unknown, depth = 0): unknown {
  const s = (typeof err === 'object' ? err : null) as Shape
  if (!s || depth > 3) return undefined
  if (s.corrente !== undefined) return s.corrente
  const data = (typeof s.data === 'object' && s.data !== null ? s.data : null) as Shape
  if (data?.corrente !== undefined) return data.corrente
  return correnteOf(s.cause, depth + 1)
}

/** When the server's record last changed, as the 409 V01 body says it beside `corrente` (`modificatoIl`), or null. */
export function modificatoIlOf(err: unknown, depth = 0): string | null {
  const s = (typeof err === 'object' && err !== null ? err : null) as { modificatoIl?: unknown; data?: { modificatoIl?: unknown } | null; cause?: unknown } | null
  if (!s || depth > 3) return null
  if (typeof s.modificatoIl === 'string') return s.modificatoIl
  if (typeof s.data?.modificatoIl === 'string') return s.data.modificatoIl
  return modificatoIlOf(s.cause, depth + 1)
}

/** What the replay does with an entry refused with 409 V01: `resend` the merged entry at once, or keep `entry`. */
export interface ConflictOutcome {
  entry: OutboxEntry
  resend: boolean
}

/**
 * The outcome of a 409 V01 for `sending` (see the module comment). An unreadable `corrente` returns the entry
 * unchanged (still `sending`): the caller parks it as needing attention.
 */
export function conflictOutcome(sending: OutboxEntry, support: ConflictSupport<unknown>, err: unknown, lastError: EntryError, now: number, automaticAllowed: boolean): ConflictOutcome {
  const corrente = correnteOf(err)
  const theirs = support.theirs(corrente)
  if (!theirs) return { entry: sending, resend: false }
  const base = support.base(sending.payload)
  const mine = support.mine(sending.payload)
  const esito = merge3(base, mine, theirs.campi)
  if (support.automatic !== false && automaticAllowed && esito.conflitti.length === 0) {
    const payload = support.rebase(sending.payload, esito.merged, theirs.versione, theirs.campi)
    // a new request: a new idempotency key (the refused one may be stored with its 409)
    const { conflitto: _drop, ...rest } = sending
    void _drop
    return { entry: { ...rest, payload, idempotencyKey: newUuid(), status: 'pending', lastError: null, nextAttemptAt: 0, updatedAt: now }, resend: true }
  }
  return {
    entry: {
      ...sending,
      status: 'conflict',
      lastError: { ...lastError, kind: 'conflict', message: CONFLICT_MESSAGE },
      conflitto: { base, mine, theirs: theirs.campi, versione: theirs.versione, modificatoIl: theirs.modificatoIl ?? modificatoIlOf(err), corrente, at: now },
      updatedAt: now,
    },
    resend: false,
  }
}

/**
 * Sends the user's choice for a `conflict` entry (the sync centre's 'Salva'; 'Elimina comunque' for a delete, with
 * no field): the entry's payload becomes `campi` based on the server's version, the server's record its base, a new
 * idempotency key, status pending (the replay sends it); the entries waiting for it follow. Throws
 * {@link EntryNotEditableError} when the entry is not (or no longer) in conflict.
 */
export async function resolveConflict(id: string, campi: CampiRecord, now: number = Date.now(), db: OfflineDb = requireDb()): Promise<OutboxEntry> {
  const updated = await db.transaction('rw', [db.outbox, db.records], async () => {
    const e = await db.outbox.get(id)
    if (!e) throw new EntryNotFoundError(id)
    const support = getHandler(e.kind)?.conflict
    if (e.status !== 'conflict' || !e.conflitto || !support) throw new EntryNotEditableError("L'operazione non è più in conflitto: chiudi e riaprila per vedere la versione aggiornata.")
    const { conflitto, ...rest } = e
    const next: OutboxEntry = {
      ...rest,
      payload: support.rebase(e.payload, campi, conflitto.versione, conflitto.theirs),
      idempotencyKey: newUuid(),
      status: 'pending',
      lastError: null,
      nextAttemptAt: 0,
      updatedAt: now,
    }
    await db.outbox.put(next)
    if (e.record) await refreshRecordState(db, e.record, now)
    return next
  })
  emitOfflineEvent('enqueued', { id })
  return updated
}
