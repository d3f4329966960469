import { act, fireEvent, render, screen } from '@testing-library/react'
import { resetSessionForTests } from '../../src/auth/session'
import { writeAuth, writeSessionData } from '../../src/auth/token-store'
import { OfflineReadiness, countText, detailText } from '../../src/features/sincronizzazione/OfflineReadiness'
import { startFieldOfflineSet } from '../../src/features/sincronizzazione/field-offline-set'
import { applyOfflineSetMessage, resetOfflineSetsForTests, type WorkerContainer } from '../../src/pwa/offline-sets'
import { contesto, profile } from '../ui/fixtures'

class FakeContainer extends EventTarget {
  readonly posted: unknown[] = []
  readonly ready = Promise.resolve({ active: { postMessage: (m: unknown) => this.posted.push(m) } } as unknown as ServiceWorkerRegistration)
}

const report = (status: string, done: number, total: number, failed = 0) =>
  act(() => {
    applyOfflineSetMessage({ type: 'OFFLINE_SET_PROGRESS', set: 'field', status, done, total, failed })
  })
const flush = () => act(async () => {
  await Promise.resolve()
  await Promise.resolve()
})

function logIn(role: 'FAC' | 'VOL' | 'DTD', others: Array<ReturnType<typeof profile>> = []): void {
  const p = profile(role)
  writeAuth({ id_token: 'tok', refresh_token: null, expires_in: 3600, session_timestamp: Date.now() })
  writeSessionData({ user: contesto([p, ...others]), profile: p })
  resetSessionForTests()
}

let sw: FakeContainer
beforeEach(() => {
  localStorage.clear()
  sw = new FakeContainer()
  resetOfflineSetsForTests(sw as unknown as WorkerContainer)
})
afterAll(() => resetOfflineSetsForTests())

describe("sync centre: 'Lavoro offline'", () => {
  it("shows 'Download in corso (n di m)' with an accessible progress bar, then 'Pronto per lavorare offline'", async () => {
    logIn('FAC')
    render(<OfflineReadiness />)
    await flush()
    expect(sw.posted).toContainEqual({ type: 'OFFLINE_SET_STATUS', set: 'field' })
    expect(screen.getByRole('heading', { name: 'Lavoro offline' })).toBeTruthy()

    report('downloading', 120, 245)
    const state = screen.getByTestId('offline-readiness-state')
    expect(state.textContent).toBe('Download in corso (120 di 245)')
    expect(screen.getByRole('status').textContent).toBe('Download in corso')
    const bar = screen.getByRole('progressbar', { name: 'File per il lavoro offline scaricati' })
    expect(bar.getAttribute('aria-valuenow')).toBe('120')
    expect(bar.getAttribute('aria-valuemin')).toBe('0')
    expect(bar.getAttribute('aria-valuemax')).toBe('245')
    expect(bar.getAttribute('aria-valuetext')).toBe('120 di 245 file')
    expect(bar.style.width).toBe('49%')

    report('ready', 245, 245)
    expect(screen.getByRole('status').textContent).toBe('Pronto per lavorare offline')
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(screen.getByTestId('offline-readiness').textContent).toContain('puoi lavorare anche senza rete')
  })

  it("after a failed download says how many files are missing and 'Riprova' asks the worker again", async () => {
    logIn('VOL')
    render(<OfflineReadiness />)
    report('error', 243, 245, 2)
    expect(screen.getByRole('status').textContent).toBe('Download non completato')
    expect(screen.getByTestId('offline-readiness').textContent).toContain('2 file non sono stati scaricati')
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }))
    expect(screen.getByRole('status').textContent).toBe('Download in corso')
    await flush()
    expect(sw.posted).toContainEqual({ type: 'PRECACHE_SET', set: 'field' })
  })

  it("offers 'Scarica ora' when the set is not on the device and nothing runs", async () => {
    logIn('FAC')
    render(<OfflineReadiness />)
    report('missing', 10, 245)
    expect(screen.getByRole('status').textContent).toBe('File per il lavoro offline non ancora scaricati')
    fireEvent.click(screen.getByRole('button', { name: 'Scarica ora' }))
    await flush()
    expect(sw.posted).toContainEqual({ type: 'PRECACHE_SET', set: 'field' })
  })

  it("disables 'Riprova' while the device has no network, and says why", () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    logIn('FAC')
    render(<OfflineReadiness />)
    report('error', 243, 245, 2)
    const retry = screen.getByRole('button', { name: 'Riprova' }) as HTMLButtonElement
    expect(retry.disabled).toBe(true)
    expect(document.getElementById(retry.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Sei offline: collegati a internet per scaricarli.')
    vi.restoreAllMocks()
  })

  it('is not shown to other roles, nor without a service worker', () => {
    logIn('DTD')
    const { container, unmount } = render(<OfflineReadiness />)
    expect(container.textContent).toBe('')
    unmount()
    logIn('FAC')
    resetOfflineSetsForTests(null)
    expect(render(<OfflineReadiness />).container.textContent).toBe('')
  })

  it('texts', () => {
    expect(countText({ done: 12345, total: 20000 })).toBe('12.345 di 20.000')
    expect(detailText({ status: 'error', done: 1, total: 2, failed: 1 })).toMatch(/^1 file non è stato scaricato/)
    expect(detailText({ status: 'unknown', done: 0, total: 0, failed: 0 })).toBe('')
  })
})

describe('field offline set requests', () => {
  it('asks for the field set with a FAC/VOL profile at start and at each change of profile, never for other roles', async () => {
    const asked: string[] = []
    logIn('DTD', [profile('FAC'), profile('FAC', { idProgetto: 43 })])
    const stop = startFieldOfflineSet((s) => asked.push(s))
    expect(asked).toEqual([])

    writeSessionData({ profile: profile('FAC') })
    expect(asked).toEqual(['field'])
    writeSessionData({ profile: profile('FAC', { idProgetto: 43 }) })
    expect(asked).toEqual(['field', 'field'])
    writeSessionData({ profile: profile('DTD') })
    writeSessionData({ profile: profile('FAC', { idProgetto: 43 }) })
    expect(asked).toEqual(['field', 'field', 'field'])
    stop()
    writeSessionData({ profile: profile('FAC') })
    expect(asked).toHaveLength(3)
  })

  it('asks at once when the session starts as a facilitator', () => {
    const asked: string[] = []
    logIn('FAC')
    startFieldOfflineSet((s) => asked.push(s))()
    expect(asked).toEqual(['field'])
  })
})
