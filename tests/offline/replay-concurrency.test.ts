/** The replay across reloads and tabs (moved from replay.test.ts to keep each test file under 400 lines). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { closeUserDb, openUserDb, type OfflineDb } from '../../src/offline/db'
import { getEntry } from '../../src/offline/outbox'
import { getRecord } from '../../src/offline/records'
import { DONE_RETENTION_MS, configureReplay, runReplay, lockNameOf } from '../../src/offline/replay'
import { createMemoryLockManager, defaultLockManager, type LockManagerLike } from '../../src/offline/locks'
import type { OutboxRequest } from '../../src/offline/handlers'
import {
  CF_SARA,
  freshDb,
  registerTestHandlers,
  resetDbs,
  scriptedTransport,
  setupReplay,
  enqueueServizio as servizio,
  enqueueCittadino as cittadino,
  fakeServer,
  statusOf,
} from './helpers'

let unregister: () => void
beforeEach(async () => {
  await resetDbs()
  unregister = registerTestHandlers()
})
afterEach(() => unregister())

describe('replay: reloads and concurrency', () => {
  it('a reload mid-flight: the sending entry goes back to pending and is resent with the same key', async () => {
    let db: OfflineDb = await freshDb()
    const a = await servizio('s-a')
    let release: (e: Error) => void = () => undefined
    const hanging = scriptedTransport(() => new Promise((_resolve, reject) => (release = reject)))
    setupReplay({ transport: hanging.transport })
    const first = runReplay(db)
    await vi.waitFor(async () => expect(await statusOf(a.id)).toBe('sending'))
    expect(await getRecord('servizio', 's-a')).toMatchObject({ syncState: 'invio' })
    // the page reloads: the old page's lock dies with it, the database is opened again
    closeUserDb()
    db = await openUserDb(CF_SARA)
    const { transport, calls } = fakeServer()
    configureReplay({ transport, locks: createMemoryLockManager() })
    const r = await runReplay(db)
    expect(r.sent).toBe(1)
    expect(calls[0]!.idempotencyKey).toBe(a.idempotencyKey)
    expect(hanging.calls[0]!.idempotencyKey).toBe(a.idempotencyKey)
    expect(await getEntry(a.id)).toMatchObject({ status: 'done', attempts: 2 })
    // the old page's request finally fails: its closed database cannot be written, nothing changes
    release(new DOMException('aborted', 'AbortError'))
    await expect(first).resolves.toMatchObject({ stopped: 'closed' })
    expect(await statusOf(a.id)).toBe('done')
  })

  it('two replays racing (two tabs): one flusher, every entry sent exactly once', async () => {
    const db = await freshDb()
    for (const id of ['a', 'b', 'c']) await servizio(id)
    const { transport, calls } = fakeServer()
    const slow = vi.fn(async (req: OutboxRequest) => {
      await new Promise((r) => setTimeout(r, 5))
      return transport(req)
    })
    setupReplay({ transport: slow })
    const [r1, r2] = await Promise.all([runReplay(db), runReplay(db)])
    expect([r1.ran, r2.ran].sort()).toEqual([false, true])
    expect(calls).toHaveLength(3)
    expect(new Set(calls.map((c) => c.idempotencyKey)).size).toBe(3)
  })

  it('uses Web Locks when the browser has them, with ifAvailable and a name without the fiscal code', async () => {
    const db = await freshDb()
    await servizio('a')
    const requests: { name: string; options: unknown }[] = []
    const inner = createMemoryLockManager()
    const locks: LockManagerLike = {
      request: (name, options, cb) => {
        requests.push({ name, options })
        return inner.request(name, options, cb)
      },
    }
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true })
    try {
      expect(defaultLockManager()).toBe(locks)
      const { transport } = fakeServer()
      setupReplay({ transport })
      configureReplay({ locks: defaultLockManager() })
      await runReplay(db)
    } finally {
      Reflect.deleteProperty(navigator, 'locks')
    }
    expect(requests).toEqual([{ name: lockNameOf(db), options: { ifAvailable: true } }])
    expect(lockNameOf(db)).toMatch(/^pd-outbox-[0-9a-f]{16}$/)
    expect(lockNameOf(db)).not.toContain(CF_SARA)
  })

  it('prunes acknowledged entries after the retention, unless an open entry still depends on them', async () => {
    const db = await freshDb()
    const a = await servizio('s-a')
    const b = await servizio('s-b')
    let now = 1_000
    const { transport } = fakeServer()
    setupReplay({ transport, now: () => now })
    await runReplay(db)
    const c = await cittadino('s-b', b.id, 'BNCMRC69S02H501X')
    await db.outbox.update(c.id, { status: 'attention', lastError: { kind: 'validation', status: 422, message: 'x' } })
    now += DONE_RETENTION_MS + 1
    await runReplay(db)
    expect(await getEntry(a.id)).toBeUndefined()
    expect(await statusOf(b.id)).toBe('done')
  })
})
