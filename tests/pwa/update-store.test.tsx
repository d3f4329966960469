import { act, fireEvent, render, screen } from '@testing-library/react'
import { markFormDirty, resetDirtyForms } from '../../src/pwa/dirty-forms'
import { applyUpdate, isUpdateAvailable, setWaitingUpdate } from '../../src/pwa/update-store'
import { UpdatePrompt } from '../../src/pwa/UpdatePrompt'

beforeEach(() => {
  resetDirtyForms()
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
