import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { DBCore, DBCoreTable } from 'dexie'
import { currentDb, currentDbOwner } from '../../src/offline/db'
import {
  counts,
  discardEntry,
  enqueue,
  exportEntries,
  getEntry,
  listEntries,
  retryEntry,
  updateEntryPayload,
  type OutboxExport,
} from '../../src/offline/outbox'
import { getRecord, putServerRecords, listRecords } from '../../src/offline/records'
import { ConfirmationRequiredError, EntryNotEditableError, StorageFullError } from '../../src/offline/errors'
import { onOfflineEvent } from '../../src/offline/events'
import { CF_SARA, freshDb, resetDbs, role, storedRole } from './helpers'

beforeEach(resetDbs)

const servizio = (idLocale: string, nome = 'Corso SPID') => ({
  kind: 'servizio.crea',
  payload: { idLocale, nomeServizio: nome },
  roleContext: role(),
  record: { tipo: 'servizio' as const, idLocale, data: { nomeServizio: nome } },
  label: `Servizio «${nome}»`,
})

/** Reopens Sara's database with a DBCore middleware making every write to `table` fail with `error`. */
async function failWritesTo(table: string, error: () => Error) {
  const db = currentDb()!
  db.close()
  db.use({
    stack: 'dbcore',
    name: 'fail-writes',
    create: (down: DBCore): DBCore => ({
      ...down,
      table: (name: string): DBCoreTable => {
        const t = down.table(name)
        return name === table ? { ...t, mutate: () => Promise.reject(error()) } : t
      },
    }),
  })
  await db.open()
  return () => {
    db.unuse({ stack: 'dbcore', name: 'fail-writes' })
    db.close()
    return db.open()
  }
}

describe('enqueue', () => {
  it('stores the entry and the local record in one go, with client ids, idempotency key and role context', async () => {
    await freshDb()
    const e = await enqueue(servizio('11111111-1111-4111-8111-111111111111'), 1_000)
    expect(e.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(e.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    expect(e.idempotencyKey).not.toBe(e.id)
    expect(e).toMatchObject({ status: 'pending', attempts: 0, seq: 1, createdAt: 1_000, dependsOn: [], roleContext: storedRole('FAC', { utente: currentDbOwner()! }) })
    expect(JSON.stringify(e)).not.toContain(CF_SARA)
    expect(await getEntry(e.id)).toEqual(e)
    const rec = await getRecord('servizio', '11111111-1111-4111-8111-111111111111')
    expect(rec).toMatchObject({ syncState: 'locale', data: { nomeServizio: 'Corso SPID' }, updatedAt: 1_000 })
  })

  it('orders entries by a strictly increasing seq', async () => {
    await freshDb()
    const a = await enqueue(servizio('a'))
    const b = await enqueue(servizio('b'))
    const c = await enqueue(servizio('c'))
    expect([a.seq, b.seq, c.seq]).toEqual([1, 2, 3])
    expect((await listEntries()).map((e) => e.id)).toEqual([a.id, b.id, c.id])
  })

  it('makes a second write of the same record wait for the first', async () => {
    await freshDb()
    const create = await enqueue(servizio('s-1'))
    const edit = await enqueue({ ...servizio('s-1', 'Corso SPID avanzato'), kind: 'servizio.modifica' })
    expect(edit.dependsOn).toEqual([create.id])
    expect((await getRecord('servizio', 's-1'))?.data).toEqual({ nomeServizio: 'Corso SPID avanzato' })
  })

  it('is atomic: a failing record write leaves no entry behind', async () => {
    await freshDb()
    await enqueue(servizio('ok'))
    const restore = await failWritesTo('records', () => new DOMException('disk I/O', 'UnknownError'))
    await expect(enqueue(servizio('ko'))).rejects.toThrow()
    await restore()
    expect((await listEntries()).map((e) => (e.payload as { idLocale: string }).idLocale)).toEqual(['ok'])
    expect(await getRecord('servizio', 'ko')).toBeUndefined()
    // the sequence counter was rolled back too
    expect((await enqueue(servizio('next'))).seq).toBe(2)
  })

  it('surfaces a quota error as StorageFullError, storing nothing, and emits storage-full', async () => {
    await freshDb()
    const seen = vi.fn()
    const off = onOfflineEvent('storage-full', seen)
    const restore = await failWritesTo('outbox', () => new DOMException('The quota has been exceeded.', 'QuotaExceededError'))
    const err = await enqueue(servizio('full')).catch((e: unknown) => e)
    await restore()
    off()
    expect(err).toBeInstanceOf(StorageFullError)
    expect((err as Error).message).toMatch(/Memoria del dispositivo piena/)
    expect(seen).toHaveBeenCalledTimes(1)
    expect(await listEntries()).toEqual([])
    expect(await getRecord('servizio', 'full')).toBeUndefined()
  })
})

describe('sync centre actions', () => {
  it('discards only with an explicit confirmation, and parks the dependents', async () => {
    await freshDb()
    const parent = await enqueue(servizio('s-9'))
    const child = await enqueue({ kind: 'cittadino.aggiungi', payload: { idServizioLocale: 's-9' }, roleContext: role(), dependsOn: [parent.id] })
    await expect(discardEntry(parent.id, {} as { confirmed: true })).rejects.toBeInstanceOf(ConfirmationRequiredError)
    await expect(discardEntry(parent.id, { confirmed: false } as unknown as { confirmed: true })).rejects.toBeInstanceOf(ConfirmationRequiredError)
    expect(await getEntry(parent.id)).toBeDefined()
    await discardEntry(parent.id, { confirmed: true })
    expect(await getEntry(parent.id)).toBeUndefined()
    // the service never reached the server: its local copy goes too
    expect(await getRecord('servizio', 's-9')).toBeUndefined()
    expect(await getEntry(child.id)).toMatchObject({ status: 'attention', lastError: { kind: 'dependency' } })
  })

  it('refuses to discard an entry being sent', async () => {
    const db = await freshDb()
    const e = await enqueue(servizio('s-2'))
    await db.outbox.update(e.id, { status: 'sending' })
    await expect(discardEntry(e.id, { confirmed: true })).rejects.toBeInstanceOf(EntryNotEditableError)
  })

  it('edits a refused entry: back to pending with a new idempotency key, dependents unparked', async () => {
    const db = await freshDb()
    const e = await enqueue(servizio('s-3'))
    const child = await enqueue({ kind: 'cittadino.aggiungi', payload: {}, roleContext: role(), dependsOn: [e.id] })
    await db.outbox.update(e.id, { status: 'attention', attempts: 1, lastError: { kind: 'validation', status: 422, errorCode: 'G02', message: 'Data non valida' } })
    await db.outbox.update(child.id, { status: 'attention', lastError: { kind: 'dependency', message: 'x' } })
    const edited = await updateEntryPayload(e.id, { idLocale: 's-3', nomeServizio: 'Corso PEC' }, { recordData: { nomeServizio: 'Corso PEC' } })
    expect(edited).toMatchObject({ status: 'pending', lastError: null, payload: { nomeServizio: 'Corso PEC' } })
    expect(edited.idempotencyKey).not.toBe(e.idempotencyKey)
    expect(await getEntry(child.id)).toMatchObject({ status: 'pending', lastError: null })
    expect((await getRecord('servizio', 's-3'))?.data).toEqual({ nomeServizio: 'Corso PEC' })
  })

  it('edits a never-sent entry keeping its key, but not one that may have reached the server', async () => {
    const db = await freshDb()
    const e = await enqueue(servizio('s-4'))
    const edited = await updateEntryPayload(e.id, { idLocale: 's-4', nomeServizio: 'Nuovo nome' })
    expect(edited.idempotencyKey).toBe(e.idempotencyKey)
    // a timeout: the server may have applied it → must be resent as it is
    await db.outbox.update(e.id, { status: 'failed-retry', attempts: 1, lastError: { kind: 'timeout', message: 't' } })
    await expect(updateEntryPayload(e.id, { idLocale: 's-4', nomeServizio: 'Altro' })).rejects.toBeInstanceOf(EntryNotEditableError)
  })

  it('refuses an edit made on a stale copy (another tab saved first): explicit conflict, first edit kept', async () => {
    await freshDb()
    const e = await enqueue(servizio('s-6'))
    const opened = e.updatedAt
    // tab A saves
    await updateEntryPayload(e.id, { idLocale: 's-6', nomeServizio: 'Scheda A' }, { expectedUpdatedAt: opened, now: opened + 10 })
    // tab B, opened before A saved, saves its version
    await expect(updateEntryPayload(e.id, { idLocale: 's-6', nomeServizio: 'Scheda B' }, { expectedUpdatedAt: opened, now: opened + 20 }))
      .rejects.toThrow(/cambiata nel frattempo/)
    expect((await getEntry(e.id))?.payload).toEqual({ idLocale: 's-6', nomeServizio: 'Scheda A' })
  })

  it('retries an entry now: backoff cleared; a refused one gets a new key', async () => {
    const db = await freshDb()
    const e = await enqueue(servizio('s-5'))
    await db.outbox.update(e.id, { status: 'failed-retry', attempts: 3, nextAttemptAt: Date.now() + 60_000, lastError: { kind: 'server', status: 500, message: 'x' } })
    const r1 = await retryEntry(e.id)
    expect(r1).toMatchObject({ status: 'pending', nextAttemptAt: 0 })
    expect(r1.idempotencyKey).toBe(e.idempotencyKey)
    await db.outbox.update(e.id, { status: 'attention', lastError: { kind: 'forbidden', status: 403, errorCode: 'A02', message: 'no' } })
    const r2 = await retryEntry(e.id)
    expect(r2.idempotencyKey).not.toBe(e.idempotencyKey)
  })

  it('exports every entry as JSON with version, user and time', async () => {
    const db = await freshDb()
    const a = await enqueue(servizio('x-1'))
    const b = await enqueue(servizio('x-2'))
    await db.outbox.update(b.id, { status: 'attention', lastError: { kind: 'validation', status: 422, message: 'Data fuori progetto' } })
    const c = await enqueue(servizio('x-3'))
    await db.outbox.update(c.id, { status: 'done', result: { idServizio: 7 } })
    const doc = JSON.parse(await exportEntries(new Date('2025-03-12T10:00:00Z'))) as OutboxExport
    expect(doc).toMatchObject({ formato: 'punto-digitale/outbox', version: 1, user: CF_SARA, exportedAt: '2025-03-12T10:00:00.000Z' })
    expect(doc.entries.map((e) => e.id)).toEqual([a.id, b.id, c.id])
    expect(doc.entries[1]).toMatchObject({ status: 'attention', lastError: { message: 'Data fuori progetto' }, payload: { idLocale: 'x-2' }, idempotencyKey: b.idempotencyKey })
  })

  it('counts entries by status', async () => {
    const db = await freshDb()
    const ids = [] as string[]
    for (const n of ['a', 'b', 'c', 'd', 'e']) ids.push((await enqueue(servizio(n))).id)
    await db.outbox.update(ids[1]!, { status: 'failed-retry' })
    await db.outbox.update(ids[2]!, { status: 'attention' })
    await db.outbox.update(ids[3]!, { status: 'paused-auth' })
    await db.outbox.update(ids[4]!, { status: 'done' })
    expect(await counts()).toEqual({ pending: 1, sending: 0, failedRetry: 1, attention: 1, conflict: 0, pausedAuth: 1, done: 1, open: 4 })
  })

  it('reopens the database after a lost connection (WebKit after backgrounding) and writes anyway', async () => {
    const db = await freshDb()
    db.close()
    expect(db.isOpen()).toBe(false)
    const e = await enqueue(servizio('after-close'))
    expect(await getEntry(e.id)).toBeDefined()
  })
})

describe('local records', () => {
  it('stores the server rows fetched at login without overwriting a copy that still has unsent changes', async () => {
    await freshDb()
    await enqueue(servizio('s-local', 'Modificato offline'))
    const written = await putServerRecords('servizio', [
      { idLocale: 's-local', idServer: 1, data: { nomeServizio: 'Versione del server' } },
      { idLocale: 's-server', idServer: 2, data: { nomeServizio: 'Creato online' } },
    ])
    expect(written).toBe(1)
    expect(await getRecord('servizio', 's-local')).toMatchObject({ syncState: 'locale', data: { nomeServizio: 'Modificato offline' } })
    expect(await getRecord('servizio', 's-server')).toMatchObject({ syncState: 'confermato', idServer: 2 })
    expect((await listRecords('servizio')).map((r) => r.idLocale).sort()).toEqual(['s-local', 's-server'])
  })
})
