/**
 * Usage events (src/api/track-event.ts; issue 13): fire and forget with the profile's role and programme
 * only, queued in IndexedDB when offline or unreachable, flushed on reconnect, dropped after 7 days or when
 * refused; never throws, never toasts, never logs out.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('../../src/auth/logout', () => ({ logout: vi.fn(async () => undefined), onLogout: vi.fn() }))
vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn(), redirectBrowser: vi.fn(), registerNavigator: vi.fn() }))

import { logout } from '../../src/auth/logout'
import { writeAuth, writeSessionData } from '../../src/auth/token-store'
import { MAX_AGE_MS, trackEvent, usageQueueForTests } from '../../src/api/track-event'
import { getToasts } from '../../src/ui/stores/toasts'
import { installFetch, json, profile } from '../auth/helpers'

const setOnline = (on: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => on })

beforeEach(async () => {
  localStorage.clear()
  sessionStorage.clear()
  vi.mocked(logout).mockClear()
  writeAuth({ id_token: 'tok.now.1', refresh_token: null, expires_in: 3600, session_timestamp: Date.now() })
  writeSessionData({ profile: profile('FAC', { idProgramma: 7 }) })
  await usageQueueForTests.clear()
  setOnline(true)
})
afterEach(() => vi.unstubAllGlobals())

describe('trackEvent', () => {
  it('sends event, role and programme with the role header, and nothing personal', async () => {
    const { calls: all } = installFetch({ 'POST /api/utilizzo/evento': () => new Response(null, { status: 204 }) })
    await trackEvent({ event: 'download', event_type: 'csv', event_value: 'servizi.csv', category: 'servizio' })
    const calls = all.filter((c) => c.method === 'POST')
    expect(calls).toHaveLength(1)
    expect(calls[0]!.headers.get('userRole')).toBe('FAC')
    const body = JSON.parse(calls[0]!.body) as Record<string, unknown>
    expect(Object.keys(body).sort()).toEqual(['category', 'event', 'event_type', 'event_value', 'program_id', 'role_code', 'timestamp'])
    expect(body).toMatchObject({ event: 'download', event_type: 'csv', role_code: 'FAC', program_id: 7 })
    expect(await usageQueueForTests.all()).toEqual([])
  })

  it('offline: queued without any request, flushed when the connection returns', async () => {
    const { calls: all } = installFetch({ 'POST /api/utilizzo/evento': () => new Response(null, { status: 204 }) })
    const calls = { get length() { return all.filter((c) => c.method === 'POST').length } }
    setOnline(false)
    await trackEvent({ event: 'download', event_type: 'stampa' })
    expect(calls).toHaveLength(0)
    expect(await usageQueueForTests.all()).toHaveLength(1)
    setOnline(true)
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(async () => expect(await usageQueueForTests.all()).toEqual([]))
    expect(calls).toHaveLength(1)
  })

  it('a network failure keeps the event; no toast, no logout, never rejects', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch') }))
    await expect(trackEvent({ event: 'like', event_type: 'news' })).resolves.toBeUndefined()
    expect(await usageQueueForTests.all()).toHaveLength(1)
    expect(getToasts()).toEqual([])
    expect(logout).not.toHaveBeenCalled()
  })

  it('drops events older than 7 days and events the server refuses; keeps them on 401 and 5xx', async () => {
    const now = Date.now()
    const base = { event: 'chat' as const, event_type: 'apertura', event_value: null, category: null, role_code: 'FAC', program_id: 7 }
    await usageQueueForTests.add({ ...base, timestamp: new Date(now - MAX_AGE_MS - 60_000).toISOString() })
    const { calls: all } = installFetch({ 'POST /api/utilizzo/evento': () => json(403, { errorCode: 'A10', message: 'no' }) })
    const calls = { get length() { return all.filter((c) => c.method === 'POST').length } }
    await usageQueueForTests.add({ ...base, timestamp: new Date(now - 1000).toISOString() })
    await usageQueueForTests.flush(now)
    expect(calls).toHaveLength(1) // the old one was not even sent
    expect(await usageQueueForTests.all()).toEqual([])

    installFetch({ 'POST /api/utilizzo/evento': () => json(401, { errorCode: 'A08', message: 'scaduto' }) })
    await usageQueueForTests.add({ ...base, timestamp: new Date(now - 1000).toISOString() })
    await usageQueueForTests.flush(now)
    expect(await usageQueueForTests.all()).toHaveLength(1)
    expect(logout).not.toHaveBeenCalled()
  })

  it('records nothing without a chosen profile', async () => {
    writeSessionData({ profile: null })
    const { calls } = installFetch({})
    await trackEvent({ event: 'download', event_type: 'csv' })
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
    expect(await usageQueueForTests.all()).toEqual([])
  })
})
