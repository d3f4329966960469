/**
 * The test-environment banner: shown on every page while `/app-config.json` says the development
 * identity provider runs where others can reach it (`devIdentityProviderWarning`), as a labelled region.
 */
import { act, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { APP_CONFIG_STORAGE_KEY, parseAppConfig, resetAppConfigForTests } from '../../src/api/config'
import { DEV_PROVIDER_BANNER_TEXT, DevProviderBanner } from '../../src/ui/shell/DevProviderBanner'
import { installFetch, json } from '../auth/helpers'

beforeEach(() => {
  localStorage.clear()
  resetAppConfigForTests()
})
afterEach(() => vi.unstubAllGlobals())

describe('test-environment banner', () => {
  it('reads devIdentityProviderWarning from the runtime config (false when absent)', () => {
    expect(parseAppConfig({ devIdentityProviderWarning: true })?.devIdentityProviderWarning).toBe(true)
    expect(parseAppConfig({ devIdentityProvider: true })?.devIdentityProviderWarning).toBe(false)
  })

  it('is shown, as a labelled region in Italian, when the server asks for it', async () => {
    installFetch({ 'GET /app-config.json': () => json(200, { devIdentityProvider: true, devIdentityProviderWarning: true }) })
    render(<DevProviderBanner />)
    const region = await screen.findByRole('region', { name: 'Avviso ambiente di prova' })
    expect(region.textContent).toBe(DEV_PROVIDER_BANNER_TEXT)
    expect(region.textContent).toContain('non usare dati reali')
    expect(region.className).toContain('alert-warning')
  })

  it('is shown at once from the cached config (offline start)', () => {
    localStorage.setItem(APP_CONFIG_STORAGE_KEY, JSON.stringify({ devIdentityProviderWarning: true }))
    installFetch({})
    render(<DevProviderBanner />)
    expect(screen.getByTestId('dev-provider-banner')).toBeTruthy()
  })

  it('is absent on a local development server and with a real provider', async () => {
    const { fn } = installFetch({ 'GET /app-config.json': () => json(200, { devIdentityProvider: true, devIdentityProviderWarning: false }) })
    render(<DevProviderBanner />)
    await waitFor(() => expect(fn).toHaveBeenCalled())
    await act(async () => {})
    expect(screen.queryByTestId('dev-provider-banner')).toBeNull()
  })
})
