import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import {
  OFFLINE_REPROBE_MS,
  ONLINE_EVENT_REPROBE_MS,
  checkConnectivity,
  configureConnectivityForTests,
  getConnectivity,
  probeReachability,
  reportUnreachable,
  startConnectivity,
  useConnectivity,
} from '../../src/api/connectivity'

const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')
function setOnLine(v: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: v, configurable: true })
}

const ok = () => new Response(JSON.stringify({ status: 'ok' }), { status: 200, headers: { 'content-type': 'application/json' } })

beforeEach(() => configureConnectivityForTests({ fetch: vi.fn(async () => ok()) }))
afterEach(() => {
  Reflect.deleteProperty(navigator, 'onLine')
  if (onLine) Object.defineProperty(Navigator.prototype, 'onLine', onLine)
  vi.useRealTimers()
})

describe('reachability probe', () => {
  it('asks GET /api/health/live with no-store and a timeout signal', async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => ok())
    configureConnectivityForTests({ fetch })
    await expect(checkConnectivity()).resolves.toBe('online')
    const [url, init] = fetch.mock.calls[0]!
    expect(new URL(String(url)).pathname).toBe('/api/health/live')
    expect(init?.cache).toBe('no-store')
    expect(init?.signal).toBeInstanceOf(AbortSignal)
  })

  it('is offline when the answer is not the API (a service-worker fallback page), a 5xx, or no answer', async () => {
    configureConnectivityForTests({ fetch: vi.fn(async () => new Response('<!doctype html><html></html>', { status: 200, headers: { 'content-type': 'text/html' } })) })
    expect(await probeReachability()).toBe(false)
    configureConnectivityForTests({ fetch: vi.fn(async () => new Response('{"status":"ko"}', { status: 503 })) })
    expect(await probeReachability()).toBe(false)
    configureConnectivityForTests({ fetch: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) })
    expect(await checkConnectivity()).toBe('offline')
  })

  it('trusts navigator.onLine === false without probing, but not navigator.onLine === true alone', async () => {
    const fetch = vi.fn(async () => ok())
    configureConnectivityForTests({ fetch })
    setOnLine(false)
    expect(await checkConnectivity()).toBe('offline')
    expect(fetch).not.toHaveBeenCalled()
    setOnLine(true)
    configureConnectivityForTests({ fetch: vi.fn(async () => Promise.reject(new TypeError('x'))) })
    expect(await checkConnectivity()).toBe('offline')
  })

  it('re-probes every 30 s while offline, and stops once online', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const fetch = vi.fn(async () => Promise.reject(new TypeError('x')) as Promise<Response>)
    configureConnectivityForTests({ fetch })
    reportUnreachable()
    expect(getConnectivity()).toBe('offline')
    await vi.advanceTimersByTimeAsync(OFFLINE_REPROBE_MS)
    expect(fetch).toHaveBeenCalledTimes(1)
    fetch.mockImplementation(async () => ok())
    await vi.advanceTimersByTimeAsync(OFFLINE_REPROBE_MS)
    await vi.waitFor(() => expect(getConnectivity()).toBe('online'))
    await vi.advanceTimersByTimeAsync(OFFLINE_REPROBE_MS * 3)
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('follows the browser online/offline events', async () => {
    const stop = startConnectivity()
    await vi.waitFor(() => expect(getConnectivity()).toBe('online'))
    window.dispatchEvent(new Event('offline'))
    expect(getConnectivity()).toBe('offline')
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(getConnectivity()).toBe('online'))
    stop()
  })

  it("after an 'online' event whose probe fails (network not ready yet), probes again within seconds, not 30 s later", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    const fetch = vi.fn(async () => Promise.reject(new TypeError('x')) as Promise<Response>)
    configureConnectivityForTests({ fetch })
    const stop = startConnectivity()
    await vi.waitFor(() => expect(getConnectivity()).toBe('offline'))
    window.dispatchEvent(new Event('offline'))
    setOnLine(true)
    window.dispatchEvent(new Event('online'))
    await vi.advanceTimersByTimeAsync(0)
    expect(getConnectivity()).toBe('offline')
    // the server answers now: the follow-up probe sees it after the first short delay
    fetch.mockImplementation(async () => ok())
    await vi.advanceTimersByTimeAsync(ONLINE_EVENT_REPROBE_MS[0])
    await vi.waitFor(() => expect(getConnectivity()).toBe('online'))
    expect(ONLINE_EVENT_REPROBE_MS[0]).toBeLessThan(OFFLINE_REPROBE_MS)
    const calls = fetch.mock.calls.length
    await vi.advanceTimersByTimeAsync(OFFLINE_REPROBE_MS)
    expect(fetch).toHaveBeenCalledTimes(calls)
    stop()
  })

  it('useConnectivity re-renders on change', async () => {
    function Probe() {
      return <span data-testid="c">{useConnectivity()}</span>
    }
    render(<Probe />)
    expect(screen.getByTestId('c').textContent).toBe('unknown')
    await act(async () => {
      await checkConnectivity()
    })
    expect(screen.getByTestId('c').textContent).toBe('online')
    act(() => reportUnreachable())
    expect(screen.getByTestId('c').textContent).toBe('offline')
  })
})
