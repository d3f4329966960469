import 'fake-indexeddb/auto'
import { afterEach } from 'vitest'
import { cleanup, configure } from '@testing-library/react'

// CI machines are small and run many test files at once: give findBy*/waitFor 5 s instead of 1 s
// (a passing test does not wait longer; only a failing one reports later)
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  if (typeof document !== 'undefined') cleanup()
})
if (typeof window !== 'undefined') window.scrollTo = () => {}
