import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { closeUserDb } from '../../src/offline/db'
import { enqueue, getEntry, listEntries } from '../../src/offline/outbox'
import { configureConnectivityForTests, reportReachable, reportUnreachable } from '../../src/api/connectivity'
import { BACKGROUND_SYNC_TAG, SW_SYNC_MESSAGE, handleBackgroundSync, registerBackgroundSync, startSync, syncNow } from '../../src/offline/sync'
import type { OutboxRequest } from '../../src/offline/handlers'
import { freshDb, httpError, registerTestHandlers, resetDbs, role, scriptedTransport, setupReplay } from './helpers'

let unregister: () => void
let stop: () => void = () => undefined
beforeEach(async () => {
  await resetDbs()
  unregister = registerTestHandlers()
  configureConnectivityForTests({ fetch: vi.fn(async () => Promise.reject(new TypeError('no network'))) })
})
afterEach(() => {
  stop()
  stop = () => undefined
  unregister()
  Reflect.deleteProperty(navigator, 'serviceWorker')
  closeUserDb()
})

const servizio = (idLocale: string) =>
  enqueue({ kind: 'servizio.crea', payload: { idLocale, nomeServizio: idLocale, data: '2025-03-12' }, roleContext: role() })

const healthy = () => configureConnectivityForTests({ fetch: vi.fn(async () => new Response('{"status":"ok"}', { status: 200 })) })

const okServer = () => scriptedTransport((req: OutboxRequest) => ({ idServizio: req.path.length + 100 }))

function stubServiceWorker() {
  const register = vi.fn(async (_tag: string) => undefined)
  const listeners: ((e: MessageEvent) => void)[] = []
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => ({ sync: { register } }),
      addEventListener: (_t: string, l: (e: MessageEvent) => void) => listeners.push(l),
      removeEventListener: () => undefined,
    },
  })
  return { register, post: (data: unknown) => listeners.forEach((l) => l(new MessageEvent('message', { data }))) }
}

describe("'Sincronizza ora' and the automatic triggers", () => {
  it('syncNow without a logged user does nothing', async () => {
    closeUserDb()
    await expect(syncNow()).resolves.toMatchObject({ ran: false, sent: 0 })
  })

  it('syncNow ignores the backoff delay; concurrent calls join one run and trigger one more', async () => {
    await freshDb()
    const a = await servizio('a')
    let fail = true
    const { transport, calls } = scriptedTransport(() => (fail ? httpError(500, 'G01', 'x') : { idServizio: 1 }))
    setupReplay({ transport })
    await syncNow({ force: false })
    expect((await getEntry(a.id))?.status).toBe('failed-retry')
    fail = false
    // automatic run: retry not due yet
    await syncNow({ force: false })
    expect(calls).toHaveLength(1)
    const [r1, r2] = await Promise.all([syncNow(), syncNow()])
    expect(r1).toBe(r2)
    expect(calls).toHaveLength(2)
    expect((await getEntry(a.id))?.status).toBe('done')
  })

  it('a queued write starts a replay by itself and registers Background Sync', async () => {
    const sw = stubServiceWorker()
    await freshDb()
    const { transport, calls } = okServer()
    setupReplay({ transport })
    healthy()
    stop = startSync()
    const e = await servizio('auto')
    await vi.waitFor(async () => expect((await getEntry(e.id))?.status).toBe('done'))
    expect(calls).toHaveLength(1)
    await vi.waitFor(() => expect(sw.register).toHaveBeenCalledWith(BACKGROUND_SYNC_TAG))
  })

  it('does not try automatically while the API is unreachable, and replays as soon as it is back', async () => {
    await freshDb()
    const { transport, calls } = okServer()
    setupReplay({ transport })
    reportUnreachable()
    stop = startSync()
    await servizio('x')
    await new Promise((r) => setTimeout(r, 30))
    expect(calls).toHaveLength(0)
    reportReachable()
    await vi.waitFor(async () => expect(await listEntries()).toHaveLength(0))
    expect(calls).toHaveLength(1)
  })

  it('a Background Sync relayed by the service worker replays', async () => {
    const sw = stubServiceWorker()
    await freshDb()
    const { transport, calls } = okServer()
    setupReplay({ transport })
    configureConnectivityForTests({ state: 'offline' })
    stop = startSync()
    await servizio('bg')
    await new Promise((r) => setTimeout(r, 30))
    expect(calls).toHaveLength(0)
    sw.post({ type: SW_SYNC_MESSAGE })
    await vi.waitFor(async () => expect(await listEntries()).toHaveLength(0))
    await expect(handleBackgroundSync()).resolves.toMatchObject({ ran: true, sent: 0 })
  })

  it('retries by itself when the backoff delay is due (no user action)', async () => {
    await freshDb()
    const { transport, calls } = scriptedTransport((_req, n) => (n === 1 ? httpError(500, 'G01', 'x') : { idServizio: 9 }))
    setupReplay({ transport })
    healthy()
    stop = startSync()
    const e = await servizio('tick')
    await vi.waitFor(async () => expect((await getEntry(e.id))?.status).toBe('failed-retry'))
    // random 0.5 → first retry after 1 s
    await vi.waitFor(async () => expect((await getEntry(e.id))?.status).toBe('done'), { timeout: 4_000, interval: 100 })
    expect(calls).toHaveLength(2)
  })

  it('registerBackgroundSync is false where the browser lacks it', async () => {
    Reflect.deleteProperty(navigator, 'serviceWorker')
    await expect(registerBackgroundSync()).resolves.toBe(false)
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => ({}) } })
    await expect(registerBackgroundSync()).resolves.toBe(false)
  })
})
