import { act, render, screen } from '@testing-library/react'
import {
  applyOfflineSetMessage,
  getOfflineSet,
  refreshOfflineSet,
  requestOfflineSet,
  resetOfflineSetsForTests,
  useOfflineSet,
  type WorkerContainer,
} from '../../src/pwa/offline-sets'

/** `navigator.serviceWorker` with an active worker that records what the page posts to it. */
class FakeContainer extends EventTarget {
  readonly posted: unknown[] = []
  readonly startMessages = vi.fn()
  readonly ready = Promise.resolve({ active: { postMessage: (m: unknown) => this.posted.push(m) } } as unknown as ServiceWorkerRegistration)
  report(data: Record<string, unknown>): void {
    this.dispatchEvent(new MessageEvent('message', { data: { type: 'OFFLINE_SET_PROGRESS', failed: 0, ...data } }))
  }
}

const flush = () => act(async () => {
  await Promise.resolve()
  await Promise.resolve()
})

let sw: FakeContainer
beforeEach(() => {
  sw = new FakeContainer()
  resetOfflineSetsForTests(sw as unknown as WorkerContainer)
})
afterAll(() => resetOfflineSetsForTests())

function Probe({ name }: { name: string }) {
  const s = useOfflineSet(name)
  return <p data-testid="probe">{`${s.status} ${s.done}/${s.total} ${s.failed}`}</p>
}

describe('offline sets, page side', () => {
  it('asks the active worker for a set, shows it downloading, then follows its reports', async () => {
    render(<Probe name="field" />)
    await flush()
    // mounting asks where the set stands
    expect(sw.posted).toEqual([{ type: 'OFFLINE_SET_STATUS', set: 'field' }])
    expect(screen.getByTestId('probe').textContent).toBe('unknown 0/0 0')
    expect(sw.startMessages).toHaveBeenCalled()

    act(() => requestOfflineSet('field'))
    expect(screen.getByTestId('probe').textContent).toBe('downloading 0/0 0')
    await flush()
    expect(sw.posted.at(-1)).toEqual({ type: 'PRECACHE_SET', set: 'field' })

    act(() => sw.report({ set: 'field', status: 'downloading', done: 3, total: 10 }))
    expect(screen.getByTestId('probe').textContent).toBe('downloading 3/10 0')
    act(() => sw.report({ set: 'survey', status: 'ready', done: 2, total: 2 }))
    expect(screen.getByTestId('probe').textContent).toBe('downloading 3/10 0')
    act(() => sw.report({ set: 'field', status: 'ready', done: 10, total: 10 }))
    expect(screen.getByTestId('probe').textContent).toBe('ready 10/10 0')
    expect(getOfflineSet('survey')).toEqual({ status: 'ready', done: 2, total: 2, failed: 0 })
  })

  it('keeps a complete set ready when it is asked for again, and asks again when a new worker takes control', async () => {
    applyOfflineSetMessage({ type: 'OFFLINE_SET_PROGRESS', set: 'field', status: 'ready', done: 5, total: 5, failed: 0 })
    requestOfflineSet('field')
    expect(getOfflineSet('field').status).toBe('ready')
    await flush()
    sw.posted.length = 0
    sw.dispatchEvent(new Event('controllerchange'))
    await flush()
    expect(sw.posted).toEqual([{ type: 'PRECACHE_SET', set: 'field' }])
  })

  it('a retry after an error shows the download again', async () => {
    applyOfflineSetMessage({ type: 'OFFLINE_SET_PROGRESS', set: 'field', status: 'error', done: 8, total: 10, failed: 2 })
    requestOfflineSet('field')
    expect(getOfflineSet('field')).toEqual({ status: 'downloading', done: 8, total: 10, failed: 0 })
  })

  it('ignores messages that are not progress reports', () => {
    expect(applyOfflineSetMessage({ type: 'pd-outbox-sync' })).toBe(false)
    expect(applyOfflineSetMessage({ type: 'OFFLINE_SET_PROGRESS', set: 'field', status: 'ready', done: 3, total: 2, failed: 0 })).toBe(false)
    expect(getOfflineSet('field').status).toBe('unknown')
  })

  it("without a service worker every set is 'unsupported' and nothing is posted", async () => {
    resetOfflineSetsForTests(null)
    requestOfflineSet('field')
    refreshOfflineSet('field')
    await flush()
    expect(getOfflineSet('field').status).toBe('unsupported')
    expect(sw.posted).toEqual([])
  })
})
