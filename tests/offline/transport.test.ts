import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('../../src/auth/logout', () => ({ logout: vi.fn(async () => undefined), onLogout: vi.fn() }))
vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn(), redirectBrowser: vi.fn(), registerNavigator: vi.fn() }))

import { logout } from '../../src/auth/logout'
import { writeAuth, writeSessionData } from '../../src/auth/token-store'
import { getToasts } from '../../src/ui/stores/toasts'
import { getLoaderCount } from '../../src/ui/stores/loader'
import { httpTransport } from '../../src/offline/transport'
import { enqueue, getEntry } from '../../src/offline/outbox'
import { configureReplay, runReplay } from '../../src/offline/replay'
import { installFetch, json, profile } from '../auth/helpers'
import { freshDb, registerTestHandlers, resetDbs, role, setupReplay, storedRole } from './helpers'

beforeEach(async () => {
  localStorage.clear()
  vi.mocked(logout).mockClear()
  writeAuth({ id_token: 'tok.now.1', refresh_token: null, expires_in: 3600, session_timestamp: Date.now() })
  // the UI is now on another profile than the one the entries were made in
  writeSessionData({ profile: profile('REGP', { idProgetto: 99 }) })
  await resetDbs()
})
afterEach(() => vi.unstubAllGlobals())

describe('default transport (the app HTTP client)', () => {
  it("sends Idempotency-Key, the entry's userRole and the current token, silently and without the loader", async () => {
    const { calls } = installFetch({ 'POST /api/servizio': () => json(200, { idServizio: 12 }) })
    const answer = await httpTransport({ method: 'POST', path: 'servizio', body: { a: 1 }, idempotencyKey: 'key-123', roleContext: storedRole() })
    expect(answer).toEqual({ idServizio: 12 })
    const call = calls.find((c) => c.url.pathname === '/api/servizio')!
    expect(call.headers.get('Idempotency-Key')).toBe('key-123')
    expect(call.headers.get('userRole')).toBe('FAC')
    expect(call.headers.get('authToken')).toBe('tok.now.1')
    expect(JSON.parse(call.body)).toEqual({ a: 1 })
    expect(getLoaderCount()).toBe(0)
  })

  it('supports PUT and DELETE and empty answers', async () => {
    const { calls } = installFetch({ 'PUT /api/servizio/12': () => new Response(null, { status: 204 }), 'DELETE /api/servizio/12': () => json(200, { ok: true }) })
    await expect(httpTransport({ method: 'PUT', path: 'servizio/12', body: { n: 1 }, idempotencyKey: 'k1', roleContext: storedRole() })).resolves.toBeNull()
    await expect(httpTransport({ method: 'DELETE', path: 'servizio/12', idempotencyKey: 'k2', roleContext: storedRole() })).resolves.toEqual({ ok: true })
    expect(calls.filter((c) => c.url.pathname.startsWith('/api/servizio')).map((c) => c.method)).toEqual(['PUT', 'DELETE'])
  })

  it('a 401 is thrown to the outbox: no logout, no toast', async () => {
    installFetch({ 'POST /api/servizio': () => json(401, { errorCode: 'A08', message: 'Token non valido' }) })
    const before = getToasts().length
    const err = await httpTransport({ method: 'POST', path: 'servizio', body: {}, idempotencyKey: 'k', roleContext: storedRole() }).catch((e: unknown) => e)
    expect(err).toMatchObject({ name: 'ApiCallError', status: 401 })
    expect(logout).not.toHaveBeenCalled()
    expect(getToasts().length).toBe(before)
  })

  it('replays under the role profile the entry was made in, even after a profile switch', async () => {
    const db = await freshDb()
    const off = registerTestHandlers()
    const e = await enqueue({ kind: 'servizio.crea', payload: { idLocale: 's-1', nomeServizio: 'Corso', data: '2025-03-12' }, roleContext: role() })
    const { calls } = installFetch({ 'POST /api/servizio': () => json(200, { idServizio: 41 }) })
    setupReplay({ transport: httpTransport })
    configureReplay({ transport: httpTransport })
    await runReplay(db)
    off()
    const call = calls.find((c) => c.url.pathname === '/api/servizio')!
    expect(call.headers.get('userRole')).toBe('FAC')
    expect(call.headers.get('Idempotency-Key')).toBe(e.idempotencyKey)
    expect(JSON.parse(call.body)).toMatchObject({ idProgramma: 1, idProgetto: 10, idEnte: 100 })
    expect(await getEntry(e.id)).toMatchObject({ status: 'done', result: { idServizio: 41 } })
  })

  it('an aborted or timed-out answer keeps the entry for a retry with the same key', async () => {
    const db = await freshDb()
    const off = registerTestHandlers()
    const e = await enqueue({ kind: 'servizio.crea', payload: { idLocale: 's-1', nomeServizio: 'Corso', data: '2025-03-12' }, roleContext: role() })
    installFetch({ 'POST /api/servizio': () => Promise.reject(new TypeError('Failed to fetch')) })
    setupReplay({ transport: httpTransport })
    await runReplay(db)
    off()
    expect(await getEntry(e.id)).toMatchObject({ status: 'failed-retry', lastError: { kind: 'network' }, idempotencyKey: e.idempotencyKey })
  })
})
