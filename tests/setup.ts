import 'fake-indexeddb/auto'
import { afterEach, vi } from 'vitest'
import { cleanup, configure } from '@testing-library/react'

// CI machines are small and run many test files at once: give findBy*/waitFor 5 s instead of 1 s
// (a passing test does not wait longer; only a failing one reports later)
configure({ asyncUtilTimeout: 5_000 })

// the same for vi.waitFor (1 s by default): two suites at once on two cores made a replay miss it. A test that
// gives its own timeout keeps it; a passing test does not wait longer
const waitFor = vi.waitFor.bind(vi)
vi.waitFor = ((callback, options) =>
  waitFor(callback, typeof options === 'number' ? options : { timeout: 10_000, ...options })) as typeof vi.waitFor

afterEach(() => {
  if (typeof document !== 'undefined') cleanup()
})
if (typeof window !== 'undefined') window.scrollTo = () => {}
