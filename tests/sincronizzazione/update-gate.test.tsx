import { act, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { closeUserDb } from '../../src/offline/db'
import { enqueue } from '../../src/offline/outbox'
import { configureConnectivityForTests } from '../../src/api/connectivity'
import { emitOfflineEvent } from '../../src/offline/events'
import { createOutboxUpdateGate, outboxBusy, trackReplayRuns } from '../../src/features/sincronizzazione/update-gate'
import { isUpdateBlocked, requestUpdate, resetUpdateGateForTests, setUpdateBlocked, setWaitingUpdate } from '../../src/pwa/update-store'

const OutboxUpdateGate = createOutboxUpdateGate(setUpdateBlocked)
import { freshDb, resetDbs, role } from '../offline/helpers'

let stopRuns: () => void = () => undefined
beforeEach(async () => {
  await resetDbs()
  configureConnectivityForTests({ state: 'online' })
  resetUpdateGateForTests()
  setWaitingUpdate(null)
  stopRuns = trackReplayRuns()
})
afterEach(() => {
  stopRuns()
  closeUserDb()
})

describe('update gate on the outbox', () => {
  it('is busy while a replay runs or an entry is sending', () => {
    expect(outboxBusy(false, 0)).toBe(false)
    expect(outboxBusy(true, 0)).toBe(true)
    expect(outboxBusy(false, 1)).toBe(true)
  })

  it('blocks the update while an entry is sending or a run is in progress, and applies the accepted update after', async () => {
    const db = await freshDb()
    const e = await enqueue({ kind: 'servizio.crea', payload: {}, roleContext: role() })
    const activate = vi.fn()
    setWaitingUpdate({ activate })
    render(<OutboxUpdateGate />)

    await act(() => db.outbox.update(e.id, { status: 'sending' }))
    await waitFor(() => expect(isUpdateBlocked()).toBe(true))
    expect(requestUpdate()).toBe('deferred')

    // the request ends, but the run goes on: still blocked
    act(() => emitOfflineEvent('sync-start', {}))
    await act(() => db.outbox.update(e.id, { status: 'done' }))
    await new Promise((r) => setTimeout(r, 50))
    expect(isUpdateBlocked()).toBe(true)
    expect(activate).not.toHaveBeenCalled()

    act(() => emitOfflineEvent('sync-end', { sent: 1, retrying: 0, attention: 0, stopped: null }))
    await waitFor(() => expect(activate).toHaveBeenCalledTimes(1))
    expect(isUpdateBlocked()).toBe(false)
  })
})
