import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('../../src/auth/logout', () => ({ logout: vi.fn(async () => undefined), onLogout: vi.fn() }))

import { ensureFreshToken, isRefreshDue, refreshTokens, REFRESH_MARGIN_S } from '../../src/auth/refresh'
import { logout } from '../../src/auth/logout'
import { readAuth, readSessionExpired, writeAuth } from '../../src/auth/token-store'
import { DISCOVERY, installFetch, json } from './helpers'

const T0 = Date.UTC(2025, 0, 1, 9, 0, 0)

describe('refresh rule (spec 000 §4: elapsed ≥ expires_in − 600 s)', () => {
  const auth = { refresh_token: 'rt', expires_in: 3600, session_timestamp: T0 }

  it('is not due before expires_in − 600 s', () => {
    expect(REFRESH_MARGIN_S).toBe(600)
    expect(isRefreshDue(auth, T0)).toBe(false)
    expect(isRefreshDue(auth, T0 + 2999_000)).toBe(false)
  })

  it('is due from expires_in − 600 s on', () => {
    expect(isRefreshDue(auth, T0 + 3000_000)).toBe(true)
    expect(isRefreshDue(auth, T0 + 7200_000)).toBe(true)
  })

  it('follows the lifetime the provider gave', () => {
    const short = { ...auth, expires_in: 900 }
    expect(isRefreshDue(short, T0 + 299_000)).toBe(false)
    expect(isRefreshDue(short, T0 + 300_000)).toBe(true)
    const lifetimeBelowMargin = { ...auth, expires_in: 300 }
    expect(isRefreshDue(lifetimeBelowMargin, T0)).toBe(true)
  })

  it('defaults to 3600 s when expires_in is missing', () => {
    expect(isRefreshDue({ ...auth, expires_in: 0 }, T0 + 2999_000)).toBe(false)
    expect(isRefreshDue({ ...auth, expires_in: 0 }, T0 + 3000_000)).toBe(true)
  })

  it('is never due without a refresh token or a session', () => {
    expect(isRefreshDue({ ...auth, refresh_token: null }, T0 + 9999_000)).toBe(false)
    expect(isRefreshDue(null, T0)).toBe(false)
  })
})

describe('refreshing tokens', () => {
  beforeEach(() => {
    localStorage.clear()
    vi.mocked(logout).mockClear()
    writeAuth({ id_token: 'old-id', refresh_token: 'old-rt', expires_in: 3600, session_timestamp: Date.now() - 3500_000 })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('posts a form-encoded refresh_token grant and stores the new tokens', async () => {
    const { calls } = installFetch({
      'GET /oidc/.well-known/openid-configuration': () => json(200, DISCOVERY(location.origin)),
      'POST /oidc/token': () => json(200, { id_token: 'new-id', refresh_token: 'new-rt', expires_in: 1800, token_type: 'Bearer' }),
    })
    await ensureFreshToken()
    const call = calls.find((c) => c.url.pathname === '/oidc/token')!
    expect(call.headers.get('content-type')).toBe('application/x-www-form-urlencoded')
    const form = new URLSearchParams(call.body)
    expect(form.get('grant_type')).toBe('refresh_token')
    expect(form.get('refresh_token')).toBe('old-rt')
    expect(form.get('client_id')).toBe('punto-digitale')
    const stored = readAuth()!
    expect(stored).toMatchObject({ id_token: 'new-id', refresh_token: 'new-rt', expires_in: 1800 })
    expect(Date.now() - stored.session_timestamp).toBeLessThan(5000)
  })

  it('does nothing when not due', async () => {
    writeAuth({ id_token: 'old-id', refresh_token: 'old-rt', expires_in: 3600, session_timestamp: Date.now() })
    const { fn } = installFetch({})
    await ensureFreshToken()
    expect(fn).not.toHaveBeenCalled()
  })

  it('keeps the session while offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const { fn } = installFetch({})
    await ensureFreshToken()
    expect(fn).not.toHaveBeenCalled()
    expect(readAuth()?.id_token).toBe('old-id')
  })

  it('keeps the session when the provider cannot be reached', async () => {
    installFetch({ 'GET /oidc/.well-known/openid-configuration': () => json(200, DISCOVERY(location.origin)) })
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input)
      if (url.includes('openid-configuration')) return json(200, DISCOVERY(location.origin))
      throw new TypeError('Failed to fetch')
    }))
    expect(await refreshTokens()).toBe(false)
    expect(readAuth()?.id_token).toBe('old-id')
    expect(logout).not.toHaveBeenCalled()
  })

  // issue 24 point 7 (was: logs out): the user stays in the app and is asked to log in again
  it('marks the session expired, without logging out, when the provider refuses the refresh token (400)', async () => {
    const { calls } = installFetch({
      'GET /oidc/.well-known/openid-configuration': () => json(200, DISCOVERY(location.origin)),
      'POST /oidc/token': () => json(400, { error: 'invalid_grant' }),
    })
    expect(await refreshTokens()).toBe(false)
    expect(logout).not.toHaveBeenCalled()
    expect(readAuth()?.id_token).toBe('old-id')
    expect(readSessionExpired()).toBe(true)
    // no refresh is tried again on an expired session; new tokens end the expired state
    const tried = calls.length
    await ensureFreshToken()
    expect(calls.length).toBe(tried)
    writeAuth({ id_token: 'new-id', refresh_token: 'new-rt', expires_in: 3600, session_timestamp: Date.now() })
    expect(readSessionExpired()).toBe(false)
  })
})
