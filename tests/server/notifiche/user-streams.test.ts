// @vitest-environment node
/** The per-user cap of open notification streams in one process (issue 25 point 5). */
import { describe, expect, it } from 'vitest'
import { userStreams } from '../../../server/events/user-streams'

function stream(name: string, ended: string[]) {
  return { name, end: () => { ended.push(name) } }
}

describe('userStreams', () => {
  it('ends the oldest stream of a user beyond the cap, never another user\'s', () => {
    const ended: string[] = []
    const reg = userStreams<ReturnType<typeof stream>>(2)
    const [a, b, c] = ['a', 'b', 'c'].map((n) => stream(n, ended))
    const other = stream('altro', ended)
    reg.add(1, a!)
    reg.add(2, other)
    reg.add(1, b!)
    expect(ended).toEqual([])
    reg.add(1, c!)
    expect(ended).toEqual(['a'])
    expect(reg.count(1)).toBe(2)
    expect(reg.count(2)).toBe(1)
    // the evicted stream's own close is a no-op
    reg.delete(1, a!)
    expect(reg.count(1)).toBe(2)
  })

  it('frees a slot when a stream closes, and forgets users without streams', () => {
    const ended: string[] = []
    const reg = userStreams<ReturnType<typeof stream>>(2)
    const [a, b, c] = ['a', 'b', 'c'].map((n) => stream(n, ended))
    reg.add(1, a!)
    reg.add(1, b!)
    reg.delete(1, a!)
    reg.add(1, c!)
    expect(ended).toEqual([])
    expect(reg.all().map((s) => s.name)).toEqual(['b', 'c'])
    reg.delete(1, b!)
    reg.delete(1, c!)
    expect(reg.count(1)).toBe(0)
    expect(reg.all()).toEqual([])
  })
})
