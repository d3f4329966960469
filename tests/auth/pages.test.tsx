import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('../../src/auth/logout', () => ({ logout: vi.fn(async () => undefined), onLogout: vi.fn(), logoutSettled: vi.fn(async () => false), resetLogoutForTests: vi.fn() }))
vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn(), redirectBrowser: vi.fn(), registerNavigator: vi.fn(), reloadPage: vi.fn() }))

import { resetAppConfigForTests } from '../../src/api/config'
import { resetErrorCatalogueForTests } from '../../src/api/errors-catalogue'
import { logout } from '../../src/auth/logout'
import { navigateTo } from '../../src/auth/navigation'
import { resetSessionForTests } from '../../src/auth/session'
import { writeAuth, writeSessionData } from '../../src/auth/token-store'
import { ErrorPage, ERROR_PAGE_LOGOUT_S } from '../../src/features/auth/ErrorPage'
import { LoginPage } from '../../src/features/auth/LoginPage'
import { RegistrationPage } from '../../src/features/auth/RegistrationPage'
import { isAnyFormDirty, resetDirtyForms } from '../../src/pwa/dirty-forms'
import { contesto, fakeJwt, installFetch, json } from './helpers'

beforeEach(() => {
  localStorage.clear()
  resetAppConfigForTests()
  resetErrorCatalogueForTests()
  resetSessionForTests(false)
  resetDirtyForms()
  vi.mocked(logout).mockClear()
  vi.mocked(navigateTo).mockClear()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('login screen', () => {
  it('shows the heading, the SPID and CIE buttons and the dev-provider notice', async () => {
    installFetch({ 'GET /app-config.json': () => json(200, { devIdentityProvider: true }) })
    render(<LoginPage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Accedi con la tua identità digitale' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Entra con SPID' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Entra con CIE' })).toBeTruthy()
    await screen.findByTestId('dev-provider-notice')
  })

  it('has no dev notice for a real provider', async () => {
    const { fn } = installFetch({ 'GET /app-config.json': () => json(200, { devIdentityProvider: false }) })
    render(<LoginPage />)
    await waitFor(() => expect(fn).toHaveBeenCalled())
    await act(async () => {})
    expect(screen.queryByTestId('dev-provider-notice')).toBeNull()
  })
})

describe('error page', () => {
  it('shows the catalogue entry, counts down and logs out after 55 s', async () => {
    installFetch({ 'GET /data/errors.json': () => json(200, { errors: { U20: { titolo: 'UTENTE NON TROVATO', descrizione: 'Non risulti registrato.' } } }) })
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    render(<ErrorPage code="U20" />)
    await screen.findByRole('heading', { name: 'UTENTE NON TROVATO' })
    expect(screen.getByTestId('error-description').textContent).toBe('Non risulti registrato. (errore U20)')
    expect(screen.getByTestId('error-countdown').textContent).toBe(String(ERROR_PAGE_LOGOUT_S))
    act(() => void vi.advanceTimersByTime(10_000))
    expect(screen.getByTestId('error-countdown').textContent).toBe('45')
    expect(logout).not.toHaveBeenCalled()
    act(() => void vi.advanceTimersByTime(45_000))
    expect(logout).toHaveBeenCalledTimes(1)
    act(() => void vi.advanceTimersByTime(5_000))
    expect(logout).toHaveBeenCalledTimes(1)
  })

  it("shows 'SI È VERIFICATO UN ERRORE' for unknown codes and offers home and logout", async () => {
    installFetch({ 'GET /data/errors.json': () => json(200, { errors: {} }) })
    render(<ErrorPage code="QQ1" />)
    await screen.findByRole('heading', { name: 'SI È VERIFICATO UN ERRORE' })
    expect(screen.getByTestId('error-description').textContent).toBe('Ti invitiamo a riprovare più tardi')
    fireEvent.click(screen.getByRole('button', { name: 'Torna alla home' }))
    expect(navigateTo).toHaveBeenCalledWith('/')
    fireEvent.click(screen.getByRole('button', { name: 'Esci' }))
    expect(logout).toHaveBeenCalledTimes(1)
  })
})

describe('registration page', () => {
  beforeEach(() => {
    writeAuth({ id_token: fakeJwt({ fiscalNumber: 'TINIT-LMBNNA90L43B354D' }), refresh_token: null, expires_in: 3600, session_timestamp: Date.now() })
    writeSessionData({ user: { ...contesto([], false), nome: 'Anna', cognome: 'Lombardi', codiceFiscale: 'LMBNNA90L43B354D', email: null, telefono: null }, profile: null })
    resetSessionForTests(false)
  })

  it('prefills the read-only fiscal code and marks missing fields next to them', () => {
    render(<RegistrationPage />)
    const cf = screen.getByLabelText('Codice fiscale*') as HTMLInputElement
    expect(cf.value).toBe('LMBNNA90L43B354D')
    expect(cf.readOnly).toBe(true)
    expect(screen.getByText('*Campo obbligatorio')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Conferma' }))
    const email = screen.getByLabelText('Email*')
    expect(email.getAttribute('aria-invalid')).toBe('true')
    const described = email.getAttribute('aria-describedby')!
    expect(document.getElementById(described)?.textContent).toBe('Campo obbligatorio')
    expect(document.activeElement).toBe(email)
    expect(screen.getByLabelText(/acconsento al trattamento/).getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('link', { name: /informativa sul trattamento/ }).getAttribute('href')).toBe('/informativa-privacy-e-cookie')
    expect((screen.getByLabelText('Nome*') as HTMLInputElement).getAttribute('aria-invalid')).toBe('false')
  })

  it('shows format messages after blur and marks itself dirty while edited', () => {
    render(<RegistrationPage />)
    expect(isAnyFormDirty()).toBe(false)
    const tel = screen.getByLabelText('Telefono*')
    fireEvent.change(tel, { target: { value: '12-34' } })
    fireEvent.blur(tel)
    expect(document.getElementById(tel.getAttribute('aria-describedby')!)?.textContent).toBe('Inserisci almeno 6 cifre')
    expect(isAnyFormDirty()).toBe(true)
  })
})
