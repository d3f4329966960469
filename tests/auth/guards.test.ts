import { beforeEach, describe, expect, it } from 'vitest'
import { isRedirect } from '@tanstack/react-router'
import { allowEndedFieldProfile, requireLogin, requirePermissions } from '../../src/auth/guards'
import { resetSessionForTests } from '../../src/auth/session'
import { writeAuth, writeSessionData } from '../../src/auth/token-store'
import { contesto, profile } from './helpers'

function redirectOf(fn: () => void): string | null {
  try {
    fn()
    return null
  } catch (e) {
    if (!isRedirect(e)) throw e
    return String(e.options.to)
  }
}

const at = (pathname: string) => ({ location: { pathname } })

beforeEach(() => {
  localStorage.clear()
  resetSessionForTests(false)
})

function login(perms: string[], withProfile = true) {
  const fac = profile('FAC')
  writeAuth({ id_token: 'x.y.z', refresh_token: null, expires_in: 3600, session_timestamp: Date.now() })
  writeSessionData({ user: contesto([fac], true, { FAC: perms }), profile: withProfile ? fac : null })
}

describe('route guards', () => {
  it('requireLogin sends anonymous users to the landing page', () => {
    expect(redirectOf(() => requireLogin()(at('/area-personale')))).toBe('/')
    expect(redirectOf(() => requireLogin('/auth')(at('/area-personale')))).toBe('/auth')
    login(['tab.home'])
    expect(redirectOf(() => requireLogin()(at('/area-personale')))).toBeNull()
  })

  it('requirePermissions lets through holders of every code', () => {
    login(['tab.home', 'list.ruoli', 'view.ruoli'])
    expect(redirectOf(() => requirePermissions(['list.ruoli'])(at('/gestione-ruoli')))).toBeNull()
    expect(redirectOf(() => requirePermissions(['list.ruoli', 'view.ruoli'])(at('/gestione-ruoli/FAC')))).toBeNull()
  })

  it('turns away a facilitator from role management, to the given default route', () => {
    login(['tab.home', 'tab.citt'])
    expect(redirectOf(() => requirePermissions(['list.ruoli'])(at('/gestione-ruoli')))).toBe('/')
    expect(redirectOf(() => requirePermissions(['list.ruoli'], '/gestione-ruoli')(at('/gestione-ruoli/FAC/modifica')))).toBe('/gestione-ruoli')
  })

  it("supports the 'any' mode and 'visible'", () => {
    login(['view.dshb'])
    expect(redirectOf(() => requirePermissions(['tab.dshb', 'view.dshb'], '/', 'any')(at('/area-dati')))).toBeNull()
    expect(redirectOf(() => requirePermissions(['tab.dshb', 'view.dshb'])(at('/area-dati')))).toBe('/')
    expect(redirectOf(() => requirePermissions('visible')(at('/x')))).toBeNull()
  })

  it('allowEndedFieldProfile lets a facilitator whose profile ended read the field pages, and nobody else', () => {
    const guard = allowEndedFieldProfile(requirePermissions(['tab.am', 'subtab.serv']))
    login(['tab.home'], false)
    expect(redirectOf(() => guard(at('/area-amministrativa/servizi')))).toBe('/')
    writeSessionData({ profile: null, endedProfile: profile('FAC') })
    expect(redirectOf(() => guard(at('/area-amministrativa/servizi')))).toBeNull()
    writeSessionData({ profile: null, endedProfile: profile('REGP') })
    expect(redirectOf(() => guard(at('/area-amministrativa/servizi')))).toBe('/')
  })

  it('gives nothing to users without a profile and never redirects to the page itself', () => {
    login(['tab.home'], false)
    expect(redirectOf(() => requirePermissions('visible')(at('/x')))).toBe('/')
    expect(redirectOf(() => requirePermissions(['tab.home'])(at('/')))).toBeNull()
  })
})
