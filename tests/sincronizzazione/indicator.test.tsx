import { act, render, screen, waitFor } from '@testing-library/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { closeUserDb } from '../../src/offline/db'
import { enqueue } from '../../src/offline/outbox'
import { indicatorTexts } from '../../src/offline/status'
import { configureConnectivityForTests, reportReachable, reportUnreachable } from '../../src/api/connectivity'
import { indicatorItems, SyncIndicator } from '../../src/features/sincronizzazione/SyncIndicator'
import { freshDb, resetDbs, role } from '../offline/helpers'

beforeEach(async () => {
  await resetDbs()
  configureConnectivityForTests({ state: 'online' })
})
afterEach(() => closeUserDb())

async function renderIndicator() {
  const rootRoute = createRootRoute({ component: SyncIndicator })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) })
  await act(() => router.load())
  render(<RouterProvider router={router} />)
  return screen.findByTestId('sync-indicator')
}

describe('header sync indicator', () => {
  it('maps the texts to icons, numbers and words', () => {
    const texts = indicatorTexts({ connectivity: 'offline', pending: 2, retrying: 1, sending: 1, attention: 1, conflict: 0, pausedAuth: 0, lastSyncAt: null })
    expect(texts).toEqual(['offline', '3 in attesa', '1 da verificare'])
    expect(indicatorItems(texts)).toEqual([
      { icon: 'it-ban', count: '', words: 'Offline', text: 'Offline' },
      { icon: 'it-clock', count: '3', words: 'in attesa', text: '3 in attesa' },
      { icon: 'it-warning-circle', count: '1', words: 'da verificare', text: '1 da verificare' },
    ])
  })

  it('shows nothing when all is sent and online, then Offline / N in attesa / N da verificare, linking to the sync centre', async () => {
    const db = await freshDb()
    const region = await renderIndicator()
    // the live region exists from the start (changes are announced), empty while all is sent
    expect(region.getAttribute('aria-live')).toBe('polite')
    expect(screen.queryByTestId('sync-indicator-link')).toBeNull()

    act(() => reportUnreachable())
    const link = await screen.findByRole('link', { name: /^Sincronizzazione:\s*Offline$/ })
    expect(link.getAttribute('href')).toBe('/area-personale/sincronizzazione')

    const e = await act(() => enqueue({ kind: 'servizio.crea', payload: {}, roleContext: role() }))
    await act(() => enqueue({ kind: 'servizio.crea', payload: {}, roleContext: role() }))
    await screen.findByRole('link', { name: /^Sincronizzazione:\s*Offline,\s*2\s*in attesa$/ })
    expect(screen.getByTestId('sync-indicator-it-clock').textContent).toBe(', 2 in attesa')

    act(() => reportReachable())
    await act(() => db.outbox.update(e.id, { status: 'attention' }))
    await screen.findByRole('link', { name: /^Sincronizzazione:\s*1\s*in attesa,\s*1\s*da verificare$/ })

    await act(() => db.outbox.toCollection().modify({ status: 'done' }))
    await waitFor(() => expect(screen.queryByTestId('sync-indicator-link')).toBeNull())
    expect(screen.getByTestId('sync-indicator')).toBeTruthy()
  })

  it("announces 'Sincronizzazione completata' when a sync ends with everything sent, not when the database closes (issue 15 point 5)", async () => {
    const db = await freshDb()
    const region = await renderIndicator()
    const e = await act(() => enqueue({ kind: 'servizio.crea', payload: {}, roleContext: role() }))
    await screen.findByRole('link', { name: /^Sincronizzazione:\s*1\s*in attesa$/ })
    // the replay confirms it and writes the time of the sync
    await act(() => db.transaction('rw', [db.outbox, db.meta], async () => {
      await db.outbox.update(e.id, { status: 'done' })
      await db.meta.put({ key: 'lastSyncAt', value: Date.now() })
    }))
    await waitFor(() => expect(region.textContent).toBe('Sincronizzazione completata'))
    expect(screen.queryByTestId('sync-indicator-link')).toBeNull()

    // waiting again, then the database closes (logout): nothing is announced as completed
    await act(() => enqueue({ kind: 'servizio.crea', payload: {}, roleContext: role() }))
    await screen.findByRole('link', { name: /^Sincronizzazione:\s*1\s*in attesa$/ })
    expect(screen.queryByTestId('sync-indicator-completed')).toBeNull()
    act(() => closeUserDb())
    await waitFor(() => expect(screen.queryByTestId('sync-indicator-link')).toBeNull())
    await new Promise((r) => setTimeout(r, 50))
    expect(region.textContent).toBe('')
  })

  it('says nothing of completion when the operations end up needing attention', async () => {
    const db = await freshDb()
    const region = await renderIndicator()
    const e = await act(() => enqueue({ kind: 'servizio.crea', payload: {}, roleContext: role() }))
    await screen.findByRole('link', { name: /^Sincronizzazione:\s*1\s*in attesa$/ })
    await act(() => db.transaction('rw', [db.outbox, db.meta], async () => {
      await db.outbox.update(e.id, { status: 'attention' })
      await db.meta.put({ key: 'lastSyncAt', value: Date.now() })
    }))
    await screen.findByRole('link', { name: /^Sincronizzazione:\s*1\s*da verificare$/ })
    expect(region.textContent).not.toContain('completata')
  })
})
