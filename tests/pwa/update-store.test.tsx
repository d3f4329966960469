import { act, fireEvent, render, screen } from '@testing-library/react'
import { markFormDirty, resetDirtyForms } from '../../src/pwa/dirty-forms'
import { applyUpdate, getUpdateState, isUpdateAvailable, requestUpdate, resetUpdateGateForTests, setUpdateBlocked, setWaitingUpdate } from '../../src/pwa/update-store'
import { UpdatePrompt, UPDATE_DEFERRED_TEXT } from '../../src/pwa/UpdatePrompt'

beforeEach(() => {
  resetDirtyForms()
  resetUpdateGateForTests()
  setWaitingUpdate(null)
})

describe('update store', () => {
  it('has nothing to apply when no version is waiting', () => {
    expect(isUpdateAvailable()).toBe(false)
    expect(applyUpdate()).toBe(false)
  })

  it('activates the waiting version once', () => {
    const activate = vi.fn()
    setWaitingUpdate({ activate })
    expect(isUpdateAvailable()).toBe(true)
    expect(applyUpdate()).toBe(true)
    expect(applyUpdate()).toBe(false)
    expect(activate).toHaveBeenCalledTimes(1)
    expect(isUpdateAvailable()).toBe(false)
  })

  it('refuses to apply while a form is dirty', () => {
    const activate = vi.fn()
    setWaitingUpdate({ activate })
    markFormDirty('registrazione', true)
    expect(applyUpdate()).toBe(false)
    expect(activate).not.toHaveBeenCalled()
    markFormDirty('registrazione', false)
    expect(applyUpdate()).toBe(true)
  })
})

describe('UpdatePrompt', () => {
  it('appears when a version waits, hides while a form is dirty, and applies on Aggiorna', () => {
    const activate = vi.fn()
    render(<UpdatePrompt />)
    expect(screen.queryByText('È disponibile una nuova versione')).toBeNull()

    act(() => setWaitingUpdate({ activate }))
    expect(screen.getByText('È disponibile una nuova versione')).toBeTruthy()

    act(() => markFormDirty('f', true))
    expect(screen.queryByText('È disponibile una nuova versione')).toBeNull()

    act(() => markFormDirty('f', false))
    fireEvent.click(screen.getByRole('button', { name: 'Aggiorna' }))
    expect(activate).toHaveBeenCalledTimes(1)
    expect(screen.queryByText('È disponibile una nuova versione')).toBeNull()
  })

  it("'Più tardi' hides the prompt without applying", () => {
    const activate = vi.fn()
    setWaitingUpdate({ activate })
    render(<UpdatePrompt />)
    fireEvent.click(screen.getByRole('button', { name: 'Più tardi' }))
    expect(screen.queryByText('È disponibile una nuova versione')).toBeNull()
    expect(activate).not.toHaveBeenCalled()
  })
})

describe('update gate (never reload while the outbox is sending)', () => {
  it('does not apply while blocked; an accepted update starts when the last blocker clears', () => {
    const activate = vi.fn()
    setWaitingUpdate({ activate })
    setUpdateBlocked('outbox', true)
    setUpdateBlocked('other', true)
    expect(applyUpdate()).toBe(false)
    expect(requestUpdate()).toBe('deferred')
    expect(getUpdateState()).toBe('deferred')
    setUpdateBlocked('outbox', false)
    expect(activate).not.toHaveBeenCalled()
    setUpdateBlocked('other', false)
    expect(activate).toHaveBeenCalledTimes(1)
    expect(getUpdateState()).toBe('none')
  })

  it('a deferred update also waits for a form that became dirty meanwhile', () => {
    const activate = vi.fn()
    setWaitingUpdate({ activate })
    setUpdateBlocked('outbox', true)
    expect(requestUpdate()).toBe('deferred')
    markFormDirty('servizio', true)
    setUpdateBlocked('outbox', false)
    expect(activate).not.toHaveBeenCalled()
    markFormDirty('servizio', false)
    expect(activate).toHaveBeenCalledTimes(1)
  })

  it('applies at once when nothing blocks, and never twice', () => {
    const activate = vi.fn()
    setWaitingUpdate({ activate })
    expect(requestUpdate()).toBe('applied')
    expect(requestUpdate()).toBe(false)
    setUpdateBlocked('outbox', true)
    setUpdateBlocked('outbox', false)
    expect(activate).toHaveBeenCalledTimes(1)
  })

  it("the prompt says the update will start after the sending, then reloads when it ends", () => {
    const activate = vi.fn()
    setWaitingUpdate({ activate })
    setUpdateBlocked('outbox', true)
    render(<UpdatePrompt />)
    fireEvent.click(screen.getByRole('button', { name: 'Aggiorna' }))
    expect(activate).not.toHaveBeenCalled()
    expect(screen.getByRole('status').textContent).toContain(UPDATE_DEFERRED_TEXT)
    expect(UPDATE_DEFERRED_TEXT).toBe("Invio in corso: l'aggiornamento partirà al termine")
    expect(screen.queryByRole('button', { name: 'Aggiorna' })).toBeNull()
    act(() => setUpdateBlocked('outbox', false))
    expect(activate).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('status')).toBeNull()
  })
})
