/** 'Dati aggiornati al …' and the writes disabled offline with their reason (issue 9 point 6, src/ui/offline-data). */
import { fireEvent, render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const net = vi.hoisted(() => ({ network: true, connectivity: 'online' as 'online' | 'offline' | 'unknown' }))
vi.mock('../../src/api/connectivity', async (importOriginal) => ({ ...(await importOriginal<object>()), useNetworkAvailable: () => net.network, useConnectivity: () => net.connectivity }))

import { formatRomeDateTime } from '../../src/lib/dates'
import { DatiAggiornatiAl, OnlineOnlyButton, useOfflineData, type QueryLike } from '../../src/ui/offline-data'

// 24 Nov 2026 09:05 UTC = 10:05 in Rome (winter); 1 Jul 2026 22:30 UTC = 2 Jul 00:30 in Rome (summer)
const WINTER = Date.UTC(2026, 10, 24, 9, 5)
const SUMMER = Date.UTC(2026, 6, 1, 22, 30)

function Page({ query }: { query: QueryLike }) {
  const offline = useOfflineData(query)
  return (
    <>
      <DatiAggiornatiAl data={offline} />
      <p data-testid="missing">{String(offline.missing)}</p>
      <OnlineOnlyButton className="btn btn-primary" onClick={onCreate}>Crea programma</OnlineOnlyButton>
    </>
  )
}
const onCreate = vi.fn()
const withData = (extra: Partial<QueryLike> = {}): QueryLike => ({ data: { righe: [] }, dataUpdatedAt: WINTER, fetchStatus: 'idle', isError: false, ...extra })

beforeEach(() => {
  net.network = true
  net.connectivity = 'online'
  onCreate.mockClear()
})

describe('offline data notice', () => {
  it('formats in Italian time whatever the device zone', () => {
    expect(formatRomeDateTime(WINTER)).toBe('24-11-2026 10:05')
    expect(formatRomeDateTime(SUMMER)).toBe('02-07-2026 00:30')
    expect(formatRomeDateTime('non una data')).toBe('')
  })

  it('online with fresh data: no notice, the write works', () => {
    render(<Page query={withData()} />)
    expect(screen.getByTestId('dati-aggiornati-al').textContent).toBe('')
    const btn = screen.getByRole('button', { name: 'Crea programma' })
    expect(btn.getAttribute('aria-disabled')).toBeNull()
    fireEvent.click(btn)
    expect(onCreate).toHaveBeenCalledTimes(1)
  })

  it('offline: "Dati aggiornati al …" and the write disabled, announced with its reason', () => {
    net.network = false
    render(<Page query={withData({ fetchStatus: 'paused' })} />)
    const notice = screen.getByRole('status')
    expect(notice.textContent).toContain('Dati aggiornati al 24-11-2026 10:05')
    expect(notice.textContent).toContain('Sei senza connessione')
    const btn = screen.getByRole('button', { name: 'Crea programma' })
    expect(btn.getAttribute('aria-disabled')).toBe('true')
    expect(btn.hasAttribute('disabled')).toBe(false) // still reachable with the keyboard
    const reason = document.getElementById(btn.getAttribute('aria-describedby')!)
    expect(reason?.textContent).toBe('Non disponibile senza connessione: riprova quando torna la rete.')
    fireEvent.click(btn)
    expect(onCreate).not.toHaveBeenCalled()
  })

  it('the API does not answer (network up): same, with the connectivity probe', () => {
    net.connectivity = 'offline'
    render(<Page query={withData()} />)
    expect(screen.getByRole('status').textContent).toContain('Dati aggiornati al')
    expect(screen.getByRole('button', { name: 'Crea programma' }).getAttribute('aria-disabled')).toBe('true')
  })

  it('a failed refresh online keeps the stored data with the notice; no data offline is "missing"', () => {
    const { unmount } = render(<Page query={withData({ isError: true })} />)
    expect(screen.getByRole('status').textContent).toContain('Non è stato possibile aggiornare i dati')
    unmount()
    net.network = false
    render(<Page query={{ data: undefined, dataUpdatedAt: 0, fetchStatus: 'paused', isError: false }} />)
    expect(screen.getByTestId('missing').textContent).toBe('true')
    expect(screen.getByTestId('dati-aggiornati-al').textContent).toBe('')
  })
})
