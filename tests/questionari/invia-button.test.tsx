import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('../../src/api/write', () => ({ write: vi.fn() }))
vi.mock('../../src/features/campo', () => ({ registraLinkInviati: vi.fn(async () => undefined) }))
vi.mock('../../src/auth/session', () => ({
  getSessionState: () => ({ profilo: { codiceRuolo: 'FAC', idProgramma: 1, idProgetto: 10, idEnte: 100 } }),
}))

import { write } from '../../src/api/write'
import { registraLinkInviati } from '../../src/features/campo'
import { InviaQuestionarioButton } from '../../src/features/questionari/invia'
import { absoluteLink, MOTIVO_OFFLINE, MOTIVO_SENZA_ID, scadenzaText } from '../../src/features/questionari/invia/link'
import { matrixToPath, qrSvg, QR_MARGIN } from '../../src/features/questionari/invia/qr'
import { configureConnectivityForTests, reportUnreachable } from '../../src/api/connectivity'

const ID = '3f1d2c4b-5a69-4e7f-8a1b-2c3d4e5f6a7b'
const LINK = `/servizi/questionario/${ID}/online/AbC_123-xyz`
const SCADENZA = new Date(2025, 4, 17, 14, 5).toISOString()

function setOnline(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => value })
}

beforeEach(() => {
  vi.mocked(write).mockReset()
  configureConnectivityForTests({ state: 'unknown' })
  setOnline(true)
})
afterEach(() => {
  configureConnectivityForTests({ state: 'unknown' })
  setOnline(true)
  vi.unstubAllGlobals()
})

describe('InviaQuestionarioButton', () => {
  it('is disabled with a reason while the survey has no server id', () => {
    render(<InviaQuestionarioButton idQuestionario={null} />)
    const button = screen.getByRole('button', { name: 'Invia questionario' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(screen.getByTestId('invia-questionario-motivo').textContent).toBe(MOTIVO_SENZA_ID)
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByTestId('invia-questionario-motivo').id)
  })

  it('is disabled offline (browser or failed API probe) and enabled again when back online', async () => {
    setOnline(false)
    render(<InviaQuestionarioButton idQuestionario={ID} />)
    const button = screen.getByRole('button', { name: 'Invia questionario' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(screen.getByTestId('invia-questionario-motivo').textContent).toBe(MOTIVO_OFFLINE)
    setOnline(true)
    act(() => void window.dispatchEvent(new Event('online')))
    expect(button.disabled).toBe(false)
    // the API probe failed (e.g. a captive portal): offline although the browser says online
    act(() => reportUnreachable())
    expect(button.disabled).toBe(true)
    expect(screen.getByTestId('invia-questionario-motivo').textContent).toBe(MOTIVO_OFFLINE)
  })

  it('respects the caller’s disabled without giving a reason of its own', () => {
    render(<InviaQuestionarioButton idQuestionario={ID} disabled />)
    expect((screen.getByRole('button', { name: 'Invia questionario' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByTestId('invia-questionario-motivo')).toBeNull()
  })

  it('creates the link and shows it with QR code, copy and expiry', async () => {
    vi.mocked(write).mockResolvedValue({ link: LINK, token: 'AbC_123-xyz', scadenza: SCADENZA })
    const writeText = vi.fn(async () => undefined)
    Object.defineProperty(window.navigator, 'clipboard', { configurable: true, value: { writeText } })
    render(<InviaQuestionarioButton idQuestionario={ID} />)
    fireEvent.click(screen.getByRole('button', { name: 'Invia questionario' }))

    await screen.findByText('Invia il questionario al cittadino')
    // the dialog is named by its title only, not by its close button (jsdom's name computation leaves the
    // button out: check what aria-labelledby points at instead)
    const dialog = screen.getByRole('dialog')
    const title = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')
    expect(title?.textContent).toBe('Invia il questionario al cittadino')
    expect(title?.querySelector('button')).toBeNull()
    // the row reads INVIATO with the expiry on the device too
    await waitFor(() => expect(registraLinkInviati).toHaveBeenCalledWith([{ idQuestionario: ID, scadenza: SCADENZA }]))
    // the chosen profile's ids go first in the body (write's default, tests/api/write.test.ts)
    expect(vi.mocked(write).mock.calls[0]?.[0]).toMatchObject({ method: 'post', path: `servizio/cittadino/questionarioCompilato/${ID}/invia`, toast: 'catalogue', invalidate: [] })
    expect(vi.mocked(write).mock.calls[0]?.[0].withProfile).toBeUndefined()
    const expected = `${window.location.origin}${LINK}`
    const input = screen.getByLabelText('Link al questionario') as HTMLInputElement
    expect(input.value).toBe(expected)
    expect(input.readOnly).toBe(true)
    expect(screen.getByTestId('invia-questionario-scadenza').textContent).toBe('Valido fino al 17-05-2025 alle 14:05')

    const qr = await screen.findByRole('img', { name: 'Codice QR del link al questionario' })
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h\d+v1h-\d+z/)

    fireEvent.click(screen.getByRole('button', { name: 'Copia link' }))
    await waitFor(() => expect(screen.getByTestId('invia-questionario-copiato').textContent).toBe('Link copiato negli appunti.'))
    expect(writeText).toHaveBeenCalledWith(expected)
    expect(screen.getByTestId('invia-questionario-copiato').getAttribute('aria-live')).toBe('polite')

    // the list redraws its rows (phone turned across 768 px): the new button of the same survey keeps the modal open
    const calls = vi.mocked(write).mock.calls.length
    cleanup()
    render(<InviaQuestionarioButton idQuestionario={ID} />)
    expect(await screen.findByText('Invia il questionario al cittadino')).toBeTruthy()
    expect(vi.mocked(write).mock.calls.length).toBe(calls)
    // a button of another survey does not show it
    cleanup()
    render(<InviaQuestionarioButton idQuestionario="altro-questionario" />)
    expect(screen.queryByText('Invia il questionario al cittadino')).toBeNull()
    cleanup()
    render(<InviaQuestionarioButton idQuestionario={ID} />)
    fireEvent.click(screen.getAllByRole('button', { name: 'Chiudi' })[0]!)
    await waitFor(() => expect(screen.queryByText('Invia il questionario al cittadino')).toBeNull())
  })

  it('reads Invia di nuovo once sent, and names its citizen for screen readers', () => {
    render(<InviaQuestionarioButton idQuestionario={ID} inviato descrizione=" del cittadino RSS…90…" />)
    const button = screen.getByRole('button', { name: /^Invia di nuovo\s*del cittadino RSS…90…$/ })
    expect(button.querySelector('.visually-hidden')?.textContent).toBe(' del cittadino RSS…90…')
  })

  it('opens no modal when the call fails (the client shows the error)', async () => {
    vi.mocked(write).mockRejectedValue(new Error('Q02'))
    vi.mocked(registraLinkInviati).mockClear()
    render(<InviaQuestionarioButton idQuestionario={ID} />)
    fireEvent.click(screen.getByRole('button', { name: 'Invia questionario' }))
    await waitFor(() => expect((screen.getByRole('button', { name: 'Invia questionario' }) as HTMLButtonElement).disabled).toBe(false))
    expect(screen.queryByText('Invia il questionario al cittadino')).toBeNull()
    expect(registraLinkInviati).not.toHaveBeenCalled()
  })
})

describe('link helpers and QR', () => {
  it('makes the server path absolute and writes the expiry in Italian', () => {
    expect(absoluteLink('/servizi/questionario/a/online/b', 'https://pd.example.it')).toBe('https://pd.example.it/servizi/questionario/a/online/b')
    expect(absoluteLink('https://altro.example.it/x', 'https://pd.example.it')).toBe('https://altro.example.it/x')
    expect(scadenzaText('non una data')).toBe('')
  })

  it('turns runs of dark modules into one rectangle each, inside the quiet zone', () => {
    const m = [
      [1, 1, 0],
      [0, 1, 0],
      [1, 0, 1],
    ]
    expect(matrixToPath(3, (r, c) => m[r]![c] === 1, 1)).toBe('M1 1h2v1h-2zM2 2h1v1h-1zM1 3h1v1h-1zM3 3h1v1h-1z')
  })

  it('encodes a link as a version-appropriate symbol with the standard quiet zone', async () => {
    const q = await qrSvg(`https://pd.example.it${LINK}`)
    expect((q.size - 2 * QR_MARGIN - 17) % 4).toBe(0) // sizes are 21, 25, 29… (4·version + 17)
    expect(q.size - 2 * QR_MARGIN).toBeGreaterThanOrEqual(25)
    expect(q.path.length).toBeGreaterThan(100)
  })
})
