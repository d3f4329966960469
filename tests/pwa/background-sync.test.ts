import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  BACKGROUND_SYNC_TAG,
  handleSyncEvent,
  relayBackgroundSync,
  RetrySyncError,
  SW_SYNC_DONE_MESSAGE,
  SW_SYNC_MESSAGE,
  type RelayClient,
} from '../../sw/background-sync'
import * as offline from '../../src/offline/sync'
import { answerBackgroundSync, type MessageSource } from '../../src/features/sincronizzazione/background-sync'

/** A window client that answers the relay on its port with `answer` (or never, when undefined). */
function client(answer?: { stopped: 'offline' | 'auth' | 'closed' | 'error' | null; ran: boolean }, delay = 0) {
  const received: unknown[] = []
  const c: RelayClient = {
    postMessage(message, transfer) {
      received.push(message)
      const port = transfer[0] as MessagePort
      if (answer) setTimeout(() => port.postMessage({ type: SW_SYNC_DONE_MESSAGE, ...answer }), delay)
    },
  }
  return { c, received }
}
const clientsOf = (...cs: RelayClient[]) => ({ matchAll: vi.fn(async () => cs) })

afterEach(() => vi.restoreAllMocks())

describe('service worker Background Sync relay', () => {
  it('uses the same tag and message as the offline library', () => {
    expect(BACKGROUND_SYNC_TAG).toBe(offline.BACKGROUND_SYNC_TAG)
    expect(SW_SYNC_MESSAGE).toBe(offline.SW_SYNC_MESSAGE)
  })

  it('posts the sync message to every window and resolves when a page reports the end of its replay', async () => {
    const a = client({ stopped: null, ran: true }, 5)
    const clients = clientsOf(a.c)
    await expect(relayBackgroundSync(clients, 1_000)).resolves.toBe('done')
    expect(clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true })
    expect(a.received).toEqual([{ type: SW_SYNC_MESSAGE }])
  })

  it('rejects when the page could not reach the server, so the browser retries the sync later', async () => {
    await expect(relayBackgroundSync(clientsOf(client({ stopped: 'offline', ran: true }).c), 1_000)).rejects.toBeInstanceOf(RetrySyncError)
  })

  it('resolves at once without windows, and after the timeout when no page answers', async () => {
    await expect(relayBackgroundSync(clientsOf(), 1_000)).resolves.toBe('no-client')
    await expect(relayBackgroundSync(clientsOf(client().c), 30)).resolves.toBe('timeout')
  })

  it('waits for the tab that ran the replay when another tab held the lock', async () => {
    const idle = client({ stopped: null, ran: false }, 1)
    const busy = client({ stopped: 'offline', ran: true }, 20)
    await expect(relayBackgroundSync(clientsOf(idle.c, busy.c), 1_000)).rejects.toBeInstanceOf(RetrySyncError)
    // nobody ran (no user logged in anywhere): done once all answered
    await expect(relayBackgroundSync(clientsOf(client({ stopped: null, ran: false }).c, client({ stopped: null, ran: false }).c), 1_000)).resolves.toBe('done')
  })

  it('handles only its own sync tag and keeps the event alive with waitUntil', async () => {
    const waitUntil = vi.fn()
    expect(handleSyncEvent({ tag: 'other', waitUntil }, clientsOf())).toBe(false)
    expect(waitUntil).not.toHaveBeenCalled()
    expect(handleSyncEvent({ tag: BACKGROUND_SYNC_TAG, waitUntil }, clientsOf())).toBe(true)
    await expect(waitUntil.mock.calls[0]?.[0]).resolves.toBe('no-client')
  })
})

describe('page side of the relay', () => {
  function source() {
    let listener: ((e: MessageEvent) => void) | null = null
    const s: MessageSource = {
      addEventListener: (_t, l) => (listener = l),
      removeEventListener: (_t, l) => {
        if (listener === l) listener = null
      },
    }
    return { s, dispatch: (data: unknown, ports: MessagePort[] = []) => listener?.({ data, ports } as unknown as MessageEvent), active: () => listener !== null }
  }

  it('replays on the relay message and answers how the run ended on the port', async () => {
    const spy = vi.spyOn(offline, 'handleBackgroundSync')
    const { s, dispatch, active } = source()
    const stop = answerBackgroundSync(s)
    const channel = new MessageChannel()
    const answered = new Promise((resolve) => {
      channel.port1.onmessage = (e) => resolve(e.data)
    })
    dispatch({ type: 'something-else' }, [channel.port2])
    dispatch({ type: SW_SYNC_MESSAGE }, [channel.port2])
    // no user database open in this test: nothing ran
    await expect(answered).resolves.toEqual({ type: SW_SYNC_DONE_MESSAGE, stopped: null, ran: false })
    channel.port1.close()
    expect(spy).toHaveBeenCalledTimes(1)
    stop()
    expect(active()).toBe(false)
  })

  it('end to end: the worker relay resolves with the page answer', async () => {
    const { s, dispatch } = source()
    const stop = answerBackgroundSync(s)
    const page: RelayClient = { postMessage: (message, transfer) => dispatch(message, transfer as MessagePort[]) }
    await expect(relayBackgroundSync(clientsOf(page), 2_000)).resolves.toBe('done')
    stop()
  })
})
