import { describe, expect, it } from 'vitest'
import { hasAll, hasAny, heldPermissions } from '../../src/auth/permissions'

const FAC = ['tab.home', 'tab.citt', 'tab.am', 'subtab.serv', 'tab.bach', 'list.news']

describe('permissions (spec 000 §2.3, §6)', () => {
  it('all: every code must be held', () => {
    expect(hasAll(FAC, ['tab.home'])).toBe(true)
    expect(hasAll(FAC, ['tab.am', 'subtab.serv'])).toBe(true)
    expect(hasAll(FAC, ['tab.am', 'subtab.prgm'])).toBe(false)
    expect(hasAll(FAC, ['list.ruoli'])).toBe(false)
  })

  it('any: one code is enough', () => {
    expect(hasAny(FAC, ['tab.dshb', 'tab.home'])).toBe(true)
    expect(hasAny(FAC, ['tab.dshb', 'view.dshb'])).toBe(false)
  })

  it("'visible' and empty lists are satisfied for a user with a profile", () => {
    expect(hasAll(FAC, 'visible')).toBe(true)
    expect(hasAny(FAC, 'visible')).toBe(true)
    expect(hasAll(FAC, [])).toBe(true)
    expect(hasAny(FAC, [])).toBe(true)
    expect(hasAll(FAC, ['visible'])).toBe(true)
    expect(hasAll([], 'visible')).toBe(true)
  })

  it("the pseudo-code 'hidden' is never satisfied", () => {
    expect(hasAll(FAC, ['hidden'])).toBe(false)
    expect(hasAny(FAC, ['hidden', 'tab.home'])).toBe(false)
  })

  it('a user without a profile or role gets nothing, visible included', () => {
    for (const held of [null, undefined]) {
      expect(hasAll(held, 'visible')).toBe(false)
      expect(hasAll(held, [])).toBe(false)
      expect(hasAny(held, ['tab.home'])).toBe(false)
      expect(hasAny(held, 'visible')).toBe(false)
    }
  })

  it('reads the held codes from a session', () => {
    expect(heldPermissions({ status: 'anonymous', profilo: null, permessi: [] })).toBeNull()
    expect(heldPermissions({ status: 'authenticated', profilo: null, permessi: FAC })).toBeNull()
    expect(heldPermissions({ status: 'authenticated', profilo: { codiceRuolo: 'FAC' }, permessi: FAC })).toBe(FAC)
  })
})
