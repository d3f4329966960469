/** Managers read offline (issue 9 point 6): their pages' code is asked into the service worker's cache. */
import { beforeEach, describe, expect, it } from 'vitest'
import { resetSessionForTests } from '../../src/auth/session'
import { writeAuth, writeSessionData } from '../../src/auth/token-store'
import { startManagerOfflineSet } from '../../src/features/sincronizzazione/manager-offline-set'
import { contesto, profile } from '../ui/fixtures'

function logIn(role: Parameters<typeof profile>[0], others: Array<ReturnType<typeof profile>> = []): void {
  const p = profile(role)
  writeAuth({ id_token: 'tok', refresh_token: null, expires_in: 3600, session_timestamp: Date.now() })
  writeSessionData({ user: contesto([p, ...others]), profile: p })
  resetSessionForTests()
}

beforeEach(() => localStorage.clear())

describe('manager offline set requests', () => {
  it('asks for the logged-in set with a manager profile at start and at each change of manager profile, never for FAC/VOL', () => {
    const asked: string[] = []
    logIn('DTD', [profile('FAC'), profile('REG', { idProgramma: 7 })])
    const stop = startManagerOfflineSet((s) => asked.push(s))
    expect(asked).toEqual(['field'])
    writeSessionData({ profile: profile('FAC') })
    expect(asked).toEqual(['field'])
    writeSessionData({ profile: profile('REG', { idProgramma: 7 }) })
    expect(asked).toEqual(['field', 'field'])
    stop()
    writeSessionData({ profile: profile('DTD') })
    expect(asked).toHaveLength(2)
  })
})
