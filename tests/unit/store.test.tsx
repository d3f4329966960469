/**
 * The one observable store (src/lib/store.ts; issue 26 point 10): value, notifications, subscribers, the
 * React hook; and no module keeping its own listener set.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { act, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createStore, useStore } from '../../src/lib/store'

describe('createStore', () => {
  it('holds a value; set and update replace it and notify every subscriber, even with the same value', () => {
    const s = createStore(1)
    const a = vi.fn()
    const b = vi.fn()
    s.subscribe(a)
    const offB = s.subscribe(b)
    expect(s.size).toBe(2)
    s.set(2)
    s.update((n) => n + 1)
    s.set(3)
    expect(s.get()).toBe(3)
    expect(a).toHaveBeenCalledTimes(3)
    offB()
    s.emit()
    expect(a).toHaveBeenCalledTimes(4)
    expect(b).toHaveBeenCalledTimes(3)
    expect(s.size).toBe(1)
  })

  it('reset replaces the value without notifying', () => {
    const s = createStore('a')
    const l = vi.fn()
    s.subscribe(l)
    s.reset('b')
    expect(s.get()).toBe('b')
    expect(l).not.toHaveBeenCalled()
  })

  it('calls a listener added while notifying in the same round, in subscription order', () => {
    const s = createStore(null)
    const order: string[] = []
    s.subscribe(() => {
      order.push('first')
      if (order.length === 1) s.subscribe(() => order.push('late'))
    })
    s.emit()
    expect(order).toEqual(['first', 'late'])
  })

  it('useStore re-renders on change, with the value or a getter of the caller', () => {
    const s = createStore(0)
    const beside = { n: 10 }
    function View() {
      const v = useStore(s)
      const w = useStore(s, () => beside.n)
      return <p data-testid="v">{`${v}/${w}`}</p>
    }
    render(<View />)
    expect(screen.getByTestId('v').textContent).toBe('0/10')
    act(() => {
      beside.n = 11
      s.set(5)
    })
    expect(screen.getByTestId('v').textContent).toBe('5/11')
  })
})

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : []
  })
}

describe('one store pattern', () => {
  it('no client module keeps its own listener set', () => {
    const offending = files('src').filter((f) => f !== join('src', 'lib', 'store.ts') && /new Set<\(\) => void>\(\)/.test(readFileSync(f, 'utf8')))
    expect(offending).toEqual([])
  })
})
