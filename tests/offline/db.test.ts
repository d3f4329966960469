import { createHash } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { closeUserDb, currentDb, currentDbOwner, openUserDb, readMeta, userDbName } from '../../src/offline/db'
import { enqueue, listEntries } from '../../src/offline/outbox'
import { NoUserDbError, ForeignUserError } from '../../src/offline/errors'
import { CF_LUCA, CF_SARA, freshDb, resetDbs, role } from './helpers'

beforeEach(resetDbs)

describe('per-user database', () => {
  it('is named pd-<16 hex of a salted hash of the fiscal code>, never with the clear code nor its plain sha256; the owner is that hash', async () => {
    const name = await userDbName(CF_SARA)
    expect(name).toMatch(/^pd-[0-9a-f]{16}$/)
    expect(name).not.toContain(CF_SARA)
    expect(name).not.toBe(`pd-${createHash('sha256').update(CF_SARA).digest('hex').slice(0, 16)}`)
    expect(await userDbName(' rmnsra92e51a944h ')).toBe(name)
    expect(await userDbName(CF_LUCA)).not.toBe(name)
    const db = await openUserDb(CF_SARA)
    expect(db.name).toBe(name)
    const owner = await readMeta<string>(db, 'owner')
    expect(owner).toMatch(/^[0-9a-f]{64}$/)
    expect(name).toBe(`pd-${owner!.slice(0, 16)}`)
    expect(currentDbOwner()).toBe(owner)
  })

  it('opens at login, closes at logout, and is idempotent for the same user', async () => {
    const a = await openUserDb(CF_SARA)
    expect(await openUserDb(CF_SARA)).toBe(a)
    expect(currentDbOwner()).toMatch(/^[0-9a-f]{64}$/)
    closeUserDb()
    expect(currentDb()).toBeNull()
    expect(a.isOpen()).toBe(false)
    await expect(listEntries()).rejects.toBeInstanceOf(NoUserDbError)
  })

  it("keeps two users apart: another user on the same browser neither sees nor sends someone else's entries", async () => {
    await freshDb(CF_SARA)
    await enqueue({ kind: 'servizio.crea', payload: { n: 1 }, roleContext: role(CF_SARA), record: { tipo: 'servizio', idLocale: 's-1', data: {} } })
    await enqueue({ kind: 'servizio.crea', payload: { n: 2 }, roleContext: role(CF_SARA) })
    // Sara logs out, Luca logs in on the same tablet
    closeUserDb()
    const luca = await openUserDb(CF_LUCA)
    expect(await listEntries()).toEqual([])
    expect(await luca.records.count()).toBe(0)
    await enqueue({ kind: 'servizio.crea', payload: { n: 3 }, roleContext: role(CF_LUCA) })
    // Luca cannot queue under Sara's identity
    await expect(enqueue({ kind: 'servizio.crea', payload: {}, roleContext: role(CF_SARA) })).rejects.toBeInstanceOf(ForeignUserError)
    // Sara back: her two entries, untouched
    const saraDb = await openUserDb(CF_SARA)
    const sara = await listEntries()
    expect(sara.map((e) => e.payload)).toEqual([{ n: 1 }, { n: 2 }])
    expect(sara.every((e) => e.roleContext.utente === currentDbOwner())).toBe(true)
    expect(JSON.stringify(await saraDb.outbox.toArray())).not.toContain(CF_SARA)
  })
})
