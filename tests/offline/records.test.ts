/**
 * The records API of the feature entry (issue 26 point 5): the queries, writes and prune rule features use
 * instead of the Dexie tables, and the transaction that keeps several of them atomic.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { records } from '../../src/offline/records'
import { discardEntry, enqueue, outbox } from '../../src/offline/outbox'
import { cache } from '../../src/offline/cache'
import { CF_SARA, freshDb, resetDbs, role } from './helpers'
import type { LocalRecord } from '../../src/offline/types'

beforeEach(resetDbs)

const rec = <T>(tipo: LocalRecord['tipo'], idLocale: string, data: T, extra: Partial<LocalRecord<T>> = {}): LocalRecord<T> =>
  ({ tipo, idLocale, data, syncState: 'confermato', updatedAt: 1_000, ...extra })

describe('records API', () => {
  it('query lists a kind in index order, filtered; byServerIds matches a number and its string (a string id only itself)', async () => {
    await freshDb(CF_SARA)
    await records.put(rec('servizio', 'b', { n: 2 }, { idServer: 12 }))
    await records.put(rec('servizio', 'a', { n: 1 }, { idServer: '11' }))
    await records.put(rec('cittadino-servizio', 'c', { n: 3 }, { idServer: 'Q1' }))
    expect((await records.query('servizio')).map((r) => r.idLocale)).toEqual(['a', 'b'])
    expect((await records.query<{ n: number }>('servizio', (r) => r.data.n > 1)).map((r) => r.idLocale)).toEqual(['b'])
    expect((await records.byServerIds([11, 12])).map((r) => r.idLocale).sort()).toEqual(['a', 'b'])
    expect((await records.byServerIds(['12'])).map((r) => r.idLocale)).toEqual([])
    expect(await records.byServerIds([])).toEqual([])
  })

  it('find looks a record up by client id, else by server id of the same kind', async () => {
    await freshDb(CF_SARA)
    await records.put(rec('servizio', 'loc-1', {}, { idServer: 42 }))
    await records.put(rec('cittadino-servizio', 'loc-2', {}, { idServer: 42 }))
    expect((await records.find('servizio', 'loc-1'))?.idLocale).toBe('loc-1')
    expect((await records.find('servizio', '42'))?.idLocale).toBe('loc-1')
    expect((await records.find('cittadino-servizio', '42'))?.idLocale).toBe('loc-2')
    expect(await records.find('questionario', '42')).toBeUndefined()
  })

  it('updatedBefore and delete', async () => {
    await freshDb(CF_SARA)
    await records.put(rec('servizio', 'old', {}, { updatedAt: 100 }))
    await records.put(rec('servizio', 'new', {}, { updatedAt: 200 }))
    expect((await records.updatedBefore(150)).map((r) => r.idLocale)).toEqual(['old'])
    await records.delete({ tipo: 'servizio', idLocale: 'old' })
    expect(await records.get('servizio', 'old')).toBeUndefined()
  })

  it('prune deletes a confirmed copy without open entries, never one with unsent changes', async () => {
    await freshDb(CF_SARA)
    await records.put(rec('servizio', 'conf', {}))
    await enqueue({ kind: 'servizio.crea', payload: {}, roleContext: role(), record: { tipo: 'servizio', idLocale: 'loc', data: {} } })
    const local = (await records.get('servizio', 'loc'))!
    expect(local.syncState).toBe('locale')
    expect(await records.hasOpenEntries(local)).toBe(true)
    expect(await records.prune(local)).toBe(false)
    // a confirmed copy that still has an open entry stays too
    await records.put({ ...local, syncState: 'confermato' })
    expect(await records.prune({ ...local, syncState: 'confermato' })).toBe(false)
    expect(await records.prune((await records.get('servizio', 'conf'))!)).toBe(true)
    expect(await records.get('servizio', 'conf')).toBeUndefined()
  })

  it('transaction is atomic: a failure rolls every write back', async () => {
    const db = await freshDb(CF_SARA)
    await records.put(rec('servizio', 'a', { v: 1 }))
    await expect(records.transaction(async () => {
      await records.put(rec('servizio', 'a', { v: 2 }), db)
      await records.delete({ tipo: 'servizio', idLocale: 'a' }, db)
      throw new Error('boom')
    }, db)).rejects.toThrow('boom')
    expect((await records.get('servizio', 'a'))?.data).toEqual({ v: 1 })
    await records.transaction(async () => {
      await records.put(rec('servizio', 'a', { v: 3 }), db)
    }, db)
    expect((await records.get('servizio', 'a'))?.data).toEqual({ v: 3 })
  })

  it('cache.get reads the given database', async () => {
    const db = await freshDb(CF_SARA)
    await cache.set('k', { x: 1 }, 5)
    expect(await cache.get('k', db)).toEqual({ key: 'k', value: { x: 1 }, fetchedAt: 5 })
  })
})

describe('outbox queries', () => {
  it('openOf lists the open entries of a record oldest first; ofKind every entry of a kind; replacePayload changes the payload only', async () => {
    await freshDb(CF_SARA)
    const ref = { tipo: 'servizio' as const, idLocale: 's1' }
    const a = await enqueue({ kind: 'servizio.crea', payload: { v: 1 }, roleContext: role(), record: { ...ref, data: {} } })
    const b = await enqueue({ kind: 'servizio.modifica', payload: { v: 2 }, roleContext: role(), record: { ...ref, data: {} } })
    expect((await outbox.openOf(ref)).map((e) => e.id)).toEqual([a.id, b.id])
    expect((await outbox.ofKind('servizio.modifica')).map((e) => e.id)).toEqual([b.id])
    await outbox.replacePayload(a.id, { v: 9 })
    const stored = (await outbox.get(a.id))!
    expect(stored.payload).toEqual({ v: 9 })
    expect({ status: stored.status, idempotencyKey: stored.idempotencyKey, updatedAt: stored.updatedAt }).toEqual({ status: a.status, idempotencyKey: a.idempotencyKey, updatedAt: a.updatedAt })
    await discardEntry(b.id, { confirmed: true })
    expect((await outbox.openOf(ref)).map((e) => e.id)).toEqual([a.id])
  })
})
