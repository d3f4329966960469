import { act, renderHook } from '@testing-library/react'
import { isAnyFormDirty, markFormDirty, resetDirtyForms, subscribeDirtyForms, useAnyFormDirty, useDirtyForm } from '../../src/pwa/dirty-forms'

beforeEach(() => resetDirtyForms())

describe('dirty-forms registry', () => {
  it('is clean until a form marks itself dirty, and clean again when every form is clean', () => {
    expect(isAnyFormDirty()).toBe(false)
    markFormDirty('registrazione', true)
    markFormDirty('servizio', true)
    expect(isAnyFormDirty()).toBe(true)
    markFormDirty('registrazione', false)
    expect(isAnyFormDirty()).toBe(true)
    markFormDirty('servizio', false)
    expect(isAnyFormDirty()).toBe(false)
  })

  it('counts a form once however many times it is marked', () => {
    markFormDirty('a', true)
    markFormDirty('a', true)
    markFormDirty('a', false)
    expect(isAnyFormDirty()).toBe(false)
  })

  it('notifies subscribers only on real changes', () => {
    const listener = vi.fn()
    const unsubscribe = subscribeDirtyForms(listener)
    markFormDirty('a', true)
    markFormDirty('a', true)
    markFormDirty('b', false)
    expect(listener).toHaveBeenCalledTimes(1)
    unsubscribe()
    markFormDirty('a', false)
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('useAnyFormDirty re-renders on change', () => {
    const { result } = renderHook(() => useAnyFormDirty())
    expect(result.current).toBe(false)
    act(() => markFormDirty('x', true))
    expect(result.current).toBe(true)
    act(() => markFormDirty('x', false))
    expect(result.current).toBe(false)
  })

  it('useDirtyForm follows its argument and clears the mark on unmount', () => {
    const { rerender, unmount } = renderHook(({ dirty }) => useDirtyForm('modulo', dirty), { initialProps: { dirty: false } })
    expect(isAnyFormDirty()).toBe(false)
    rerender({ dirty: true })
    expect(isAnyFormDirty()).toBe(true)
    unmount()
    expect(isAnyFormDirty()).toBe(false)
  })
})
