import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { act, render, screen, waitFor } from '@testing-library/react'
import { closeUserDb } from '../../src/offline/db'
import { enqueue } from '../../src/offline/outbox'
import { configureConnectivityForTests, reportUnreachable } from '../../src/api/connectivity'
import { indicatorTexts, useEntries, useRecords, useSyncStatus, type SyncStatus } from '../../src/offline/status'
import { CF_LUCA, freshDb, resetDbs, role } from './helpers'

beforeEach(async () => {
  await resetDbs()
  configureConnectivityForTests({ state: 'online' })
})
afterEach(() => closeUserDb())

const base: SyncStatus = { connectivity: 'online', pending: 0, retrying: 0, sending: 0, attention: 0, conflict: 0, pausedAuth: 0, lastSyncAt: null }

describe('header indicator texts', () => {
  it('shows offline, N in attesa, N da verificare', () => {
    expect(indicatorTexts(base)).toEqual([])
    expect(indicatorTexts({ ...base, connectivity: 'offline' })).toEqual(['offline'])
    expect(indicatorTexts({ ...base, pending: 2, sending: 1, pausedAuth: 1 })).toEqual(['4 in attesa'])
    expect(indicatorTexts({ ...base, connectivity: 'offline', pending: 3, attention: 1 })).toEqual(['offline', '3 in attesa', '1 da verificare'])
    expect(indicatorTexts({ ...base, connectivity: 'unknown', attention: 2 })).toEqual(['2 da verificare'])
  })
})

function Indicator() {
  const s = useSyncStatus()
  return <p data-testid="s">{indicatorTexts(s).join(' · ') || 'sincronizzato'}</p>
}

function Centre() {
  const entries = useEntries()
  const servizi = useRecords<{ nome: string }>('servizio')
  return (
    <div>
      <ul data-testid="entries">{entries?.map((e) => <li key={e.id}>{`${e.label ?? e.kind}: ${e.status}`}</li>)}</ul>
      <ul data-testid="records">{servizi?.map((r) => <li key={r.idLocale}>{`${r.data.nome} ${r.syncState === 'confermato' ? '' : 'DA SINCRONIZZARE'}`}</li>)}</ul>
    </div>
  )
}

describe('live status hooks', () => {
  it('useSyncStatus follows the outbox and the connectivity', async () => {
    const db = await freshDb()
    render(<Indicator />)
    await waitFor(() => expect(screen.getByTestId('s').textContent).toBe('sincronizzato'))
    const e = await act(() => enqueue({ kind: 'servizio.crea', payload: {}, roleContext: role() }))
    await waitFor(() => expect(screen.getByTestId('s').textContent).toBe('1 in attesa'))
    await act(() => db.outbox.update(e.id, { status: 'attention' }))
    await waitFor(() => expect(screen.getByTestId('s').textContent).toBe('1 da verificare'))
    act(() => reportUnreachable())
    await waitFor(() => expect(screen.getByTestId('s').textContent).toBe('offline · 1 da verificare'))
  })

  it('follows the database of the logged user (logout empties the view, another user sees only theirs)', async () => {
    await freshDb()
    await enqueue({ kind: 'servizio.crea', payload: {}, roleContext: role() })
    render(<Indicator />)
    await waitFor(() => expect(screen.getByTestId('s').textContent).toBe('1 in attesa'))
    act(() => closeUserDb())
    await waitFor(() => expect(screen.getByTestId('s').textContent).toBe('sincronizzato'))
    await act(() => freshDb(CF_LUCA))
    await waitFor(() => expect(screen.getByTestId('s').textContent).toBe('sincronizzato'))
  })

  it('useEntries and useRecords list the queue and the records with their sync state', async () => {
    const db = await freshDb()
    render(<Centre />)
    const e = await act(() =>
      enqueue({ kind: 'servizio.crea', payload: {}, roleContext: role(), label: 'Servizio «Corso SPID»', record: { tipo: 'servizio', idLocale: 's-1', data: { nome: 'Corso SPID' } } }),
    )
    await waitFor(() => {
      expect(screen.getByTestId('entries').textContent).toBe('Servizio «Corso SPID»: pending')
      expect(screen.getByTestId('records').textContent).toBe('Corso SPID DA SINCRONIZZARE')
    })
    await act(async () => {
      await db.outbox.update(e.id, { status: 'done' })
      await db.records.update(['servizio', 's-1'], { syncState: 'confermato' })
    })
    await waitFor(() => {
      expect(screen.getByTestId('entries').textContent).toBe('')
      expect(screen.getByTestId('records').textContent).toBe('Corso SPID ')
    })
  })
})
